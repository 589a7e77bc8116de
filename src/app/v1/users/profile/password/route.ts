import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { changePasswordOperation } from "@/server/api/identity/users.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(changePasswordOperation) });
