import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { revokeUserSessionsOperation } from "@/server/api/identity/users.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(revokeUserSessionsOperation) });
