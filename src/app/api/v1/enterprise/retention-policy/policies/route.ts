import { z } from "zod";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { createPolicy } from "@/server/retention-policies/create-policy";
import { listPolicies } from "@/server/retention-policies/list-policies";
import { createPolicySchema } from "@/server/retention-policies/retention-policies.schemas";
import { retentionPolicyResponse } from "@/server/retention-policies/retention-policies.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: z.array(retentionPolicyResponse),
    summary: "List retention policies",
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    handler: () => listPolicies(),
  }),
  POST: endpoint({
    response: retentionPolicyResponse,
    summary: "Create a retention policy",
    errors: [404, 409],
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    body: createPolicySchema,
    status: 201,
    handler: ({ principal, body }) => createPolicy({ actor: principal.actor, input: body }),
  }),
});
