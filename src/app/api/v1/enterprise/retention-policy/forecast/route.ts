import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { forecastDeletions } from "@/server/lifecycle/forecast-deletions";
import { forecastQuerySchema } from "@/server/retention-policies/retention-policies.schemas";
import { deletionForecastResponse } from "@/server/lifecycle/lifecycle.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: deletionForecastResponse,
    summary: "How many emails expire over the coming days",
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    query: forecastQuerySchema,
    handler: ({ query }) => forecastDeletions({ days: query.days }),
  }),
});
