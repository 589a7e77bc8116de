import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { changePasswordOperation } from "@/server/identity/users/users.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(changePasswordOperation) });
