import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { getProfileOperation, updateProfileOperation } from "@/server/api/identity/users.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getProfileOperation), PATCH: rest(updateProfileOperation) });
