import { setupTotpOperation } from "@/server/api/identity/auth.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(setupTotpOperation);
