import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { revokeUserSessionsOperation } from "@/server/users/users.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(revokeUserSessionsOperation) });
