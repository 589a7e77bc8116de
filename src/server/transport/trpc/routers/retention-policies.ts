import * as policies from "../../../api/retention/retention-policies.operations";
import { router } from "../init";
import { mutation, query } from "../operation-procedure";

export const retentionPoliciesRouter = router({
  list: query(policies.listPoliciesOperation),
  get: query(policies.getPolicyOperation),
  create: mutation(policies.createPolicyOperation),
  update: mutation(policies.updatePolicyOperation),
  delete: mutation(policies.deletePolicyOperation),
  previewImpact: query(policies.previewPolicyImpactOperation),
});
