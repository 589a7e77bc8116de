import { createPolicy } from "../../retention-policies/create-policy";
import { deletePolicy } from "../../retention-policies/delete-policy";
import { getPolicy } from "../../retention-policies/get-policy";
import { listPolicies } from "../../retention-policies/list-policies";
import { createPolicySchema, policyIdParamsSchema, updatePolicySchema } from "../../retention-policies/retention-policies.schemas";
import { updatePolicy } from "../../retention-policies/update-policy";
import { previewPolicyImpactOperation } from "../../retention-policies/policy-impact.operations";
import { procedure, router } from "../init";
import { query } from "../operation-procedure";

const manageRetention = procedure({ permission: "manage:all", feature: "RETENTION_POLICY" });

export const retentionPoliciesRouter = router({
  list: manageRetention.query(() => listPolicies()),
  get: manageRetention.input(policyIdParamsSchema).query(({ input }) => getPolicy({ id: input.id })),
  create: manageRetention.input(createPolicySchema).mutation(({ ctx, input }) => createPolicy({ actor: ctx.principal.actor, input })),
  update: manageRetention
    .input(policyIdParamsSchema.extend({ data: updatePolicySchema }))
    .mutation(({ ctx, input }) => updatePolicy({ actor: ctx.principal.actor, id: input.id, input: input.data })),
  delete: manageRetention
    .input(policyIdParamsSchema)
    .mutation(({ ctx, input }) => deletePolicy({ actor: ctx.principal.actor, id: input.id })),
  previewImpact: query(previewPolicyImpactOperation),
});
