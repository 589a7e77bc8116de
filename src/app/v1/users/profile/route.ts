import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { getProfileOperation, updateProfileOperation } from "@/server/users/users.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getProfileOperation), PATCH: rest(updateProfileOperation) });
