import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { deletePolicy } from "@/server/retention-policies/delete-policy";
import { getPolicy } from "@/server/retention-policies/get-policy";
import { policyIdParamsSchema, updatePolicySchema } from "@/server/retention-policies/retention-policies.schemas";
import { updatePolicy } from "@/server/retention-policies/update-policy";
import { retentionPolicyResponse } from "@/server/retention-policies/retention-policies.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: retentionPolicyResponse,
    summary: "Read a retention policy",
    errors: [404],
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    params: policyIdParamsSchema,
    handler: ({ params }) => getPolicy({ id: params.id }),
  }),
  PUT: endpoint({
    response: retentionPolicyResponse,
    summary: "Change a retention policy",
    errors: [404, 409],
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    params: policyIdParamsSchema,
    body: updatePolicySchema,
    handler: ({ principal, params, body }) => updatePolicy({ actor: principal.actor, id: params.id, input: body }),
  }),
  DELETE: endpoint({
    summary: "Delete a retention policy",
    errors: [404],
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    params: policyIdParamsSchema,
    status: 204,
    handler: ({ principal, params }) => deletePolicy({ actor: principal.actor, id: params.id }),
  }),
});
