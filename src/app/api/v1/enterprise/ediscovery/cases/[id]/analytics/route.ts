import { getCaseAnalyticsOperation } from "@/server/api/ediscovery/ediscovery.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(getCaseAnalyticsOperation);
