import { getCaseAnalyticsOperation } from "@/server/ediscovery/ediscovery.operations";
import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getCaseAnalyticsOperation) });
