import { revokeUserSessionsOperation } from "@/server/api/identity/users.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(revokeUserSessionsOperation);
