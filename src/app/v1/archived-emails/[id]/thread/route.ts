import { getEmailThreadOperation } from "@/server/analytics/analytics.operations";
import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getEmailThreadOperation) });
