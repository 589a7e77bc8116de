import { getCycleRequestOperation } from "@/server/api/retention/lifecycle.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(getCycleRequestOperation);
