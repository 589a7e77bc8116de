import { getEmailThreadOperation } from "@/server/api/analytics/analytics.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(getEmailThreadOperation);
