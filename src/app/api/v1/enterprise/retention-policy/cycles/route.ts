import { z } from "zod";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { listCycles } from "@/server/lifecycle/list-cycles";
import { listCyclesQuerySchema } from "@/server/retention-policies/retention-policies.schemas";
import { lifecycleCycleResponse } from "@/server/lifecycle/lifecycle.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: z.array(lifecycleCycleResponse),
    summary: "The lifecycle worker's latest cycles",
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    query: listCyclesQuerySchema,
    handler: ({ query }) => listCycles({ limit: query.limit }),
  }),
});
