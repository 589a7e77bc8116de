import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { createPolicy } from "@/server/retention-policies/create-policy";
import { listPolicies } from "@/server/retention-policies/list-policies";
import { createPolicySchema } from "@/server/retention-policies/retention-policies.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({ auth: "manage:all", feature: "RETENTION_POLICY", handler: () => listPolicies() }),
  POST: endpoint({
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    body: createPolicySchema,
    status: 201,
    handler: ({ principal, body }) => createPolicy({ actor: principal.actor, input: body }),
  }),
});
