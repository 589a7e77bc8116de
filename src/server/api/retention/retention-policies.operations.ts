import { z } from "zod";
import { operation } from "../operation";
import { count } from "../../platform/validation/response-fields";
import { createPolicy } from "../../retention/policies/create-policy";
import { deletePolicy } from "../../retention/policies/delete-policy";
import { getPolicy } from "../../retention/policies/get-policy";
import { listPolicies } from "../../retention/policies/list-policies";
import { previewPolicyImpact } from "../../retention/policies/preview-policy-impact";
import { retentionPolicyResponse } from "../../retention/policies/retention-policies.responses";
import {
  createPolicySchema,
  policyIdParamsSchema,
  policyImpactSchema,
  updatePolicySchema,
} from "../../retention/policies/retention-policies.schemas";
import { updatePolicy } from "../../retention/policies/update-policy";

const manageRetention = { permission: "manage:retention", feature: "RETENTION_POLICY" } as const;

export const listPoliciesOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/retention-policy/policies" },
  summary: "List retention policies",
  access: manageRetention,
  response: z.array(retentionPolicyResponse),
  handler: () => listPolicies(),
});

export const getPolicyOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/retention-policy/policies/{id}" },
  summary: "Read a retention policy",
  access: manageRetention,
  params: policyIdParamsSchema,
  response: retentionPolicyResponse,
  errors: [404],
  handler: ({ params }) => getPolicy({ id: params.id }),
});

export const createPolicyOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/retention-policy/policies" },
  summary: "Create a retention policy",
  access: manageRetention,
  body: createPolicySchema,
  response: retentionPolicyResponse,
  status: 201,
  errors: [404, 409],
  handler: ({ principal, body }) => createPolicy({ actor: principal.actor, input: body }),
});

export const updatePolicyOperation = operation({
  rest: { method: "PUT", path: "/api/v1/enterprise/retention-policy/policies/{id}" },
  summary: "Change a retention policy",
  access: manageRetention,
  params: policyIdParamsSchema,
  body: updatePolicySchema,
  response: retentionPolicyResponse,
  errors: [404, 409],
  handler: ({ principal, params, body }) => updatePolicy({ actor: principal.actor, id: params.id, input: body }),
});

export const deletePolicyOperation = operation({
  rest: { method: "DELETE", path: "/api/v1/enterprise/retention-policy/policies/{id}" },
  summary: "Delete a retention policy",
  access: manageRetention,
  params: policyIdParamsSchema,
  status: 204,
  errors: [404],
  handler: ({ principal, params }) => deletePolicy({ actor: principal.actor, id: params.id }),
});

/** UI only (no REST route): what the policy form's draft would do at the next cycle, for the officer to confirm. */
export const previewPolicyImpactOperation = operation({
  summary: "What saving a retention policy would delete or send to review at the next lifecycle cycle",
  access: { permission: "manage:retention", feature: "RETENTION_POLICY" },
  body: policyImpactSchema,
  response: z.object({ deletesAtNextCycle: count, reviewsAtNextCycle: count }),
  handler: ({ body }) => previewPolicyImpact({ input: body }),
});
