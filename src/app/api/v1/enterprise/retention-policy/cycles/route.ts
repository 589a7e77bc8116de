import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { listCycles } from "@/server/lifecycle/list-cycles";
import { listCyclesQuerySchema } from "@/server/retention-policies/retention-policies.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    query: listCyclesQuerySchema,
    handler: ({ query }) => listCycles({ limit: query.limit }),
  }),
});
