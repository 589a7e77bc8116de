import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { forecastDeletions } from "@/server/lifecycle/forecast-deletions";
import { forecastQuerySchema } from "@/server/retention-policies/retention-policies.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    query: forecastQuerySchema,
    handler: ({ query }) => forecastDeletions({ days: query.days }),
  }),
});
