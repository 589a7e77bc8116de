import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { changePasswordOperation } from "@/server/users/users.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(changePasswordOperation) });
