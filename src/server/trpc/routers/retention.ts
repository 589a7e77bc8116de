import { forecastDeletions } from "../../lifecycle/forecast-deletions";
import { getEmailRetentionStatus } from "../../lifecycle/get-email-retention-status";
import { listCycles } from "../../lifecycle/list-cycles";
import { applyLabelToEmail } from "../../retention-labels/apply-label-to-email";
import { createLabel } from "../../retention-labels/create-label";
import { deleteLabel } from "../../retention-labels/delete-label";
import { getEmailLabel } from "../../retention-labels/get-email-label";
import { getLabel } from "../../retention-labels/get-label";
import { listLabels } from "../../retention-labels/list-labels";
import { listApplicableLabels } from "../../retention-labels/list-applicable-labels";
import { removeLabelFromEmail } from "../../retention-labels/remove-label-from-email";
import {
  applyLabelSchema,
  createLabelSchema,
  labelEmailParamsSchema,
  labelIdParamsSchema,
  updateLabelSchema,
} from "../../retention-labels/retention-labels.schemas";
import { updateLabel } from "../../retention-labels/update-label";
import { createPolicy } from "../../retention-policies/create-policy";
import { deletePolicy } from "../../retention-policies/delete-policy";
import { getPolicy } from "../../retention-policies/get-policy";
import { listPolicies } from "../../retention-policies/list-policies";
import {
  createPolicySchema,
  emailStatusParamsSchema,
  forecastQuerySchema,
  listCyclesQuerySchema,
  policyIdParamsSchema,
  updatePolicySchema,
} from "../../retention-policies/retention-policies.schemas";
import { updatePolicy } from "../../retention-policies/update-policy";
import { decideDispositions } from "../../dispositions/decide-dispositions";
import { destructionCertificate } from "../../dispositions/destruction-certificate";
import { certificateQuerySchema, decideDispositionsSchema, listDispositionsQuerySchema } from "../../dispositions/dispositions.schemas";
import { countReviewQueue, listDispositions } from "../../dispositions/list-dispositions";
import { assertFeatureEnabled } from "../../license/license";
import { authedProcedure, featureProcedure, router } from "../init";

const manageRetention = featureProcedure("RETENTION_POLICY", "manage:all");

export const retentionLabelsRouter = router({
  list: manageRetention.query(() => listLabels()),
  get: manageRetention.input(labelIdParamsSchema).query(({ input }) => getLabel({ id: input.id })),
  create: manageRetention.input(createLabelSchema).mutation(({ ctx, input }) => createLabel({ actor: ctx.principal.actor, input })),
  update: manageRetention
    .input(labelIdParamsSchema.extend({ data: updateLabelSchema }))
    .mutation(({ ctx, input }) => updateLabel({ actor: ctx.principal.actor, id: input.id, input: input.data })),
  delete: manageRetention
    .input(labelIdParamsSchema)
    .mutation(({ ctx, input }) => deleteLabel({ actor: ctx.principal.actor, id: input.id })),
  emailLabel: featureProcedure("RETENTION_POLICY", "read:archive")
    .input(labelEmailParamsSchema)
    .query(({ ctx, input }) => getEmailLabel({ principal: ctx.principal, emailId: input.emailId })),
  applicable: featureProcedure("RETENTION_POLICY", "delete:archive").query(() => listApplicableLabels()),
  applyToEmail: featureProcedure("RETENTION_POLICY", "delete:archive")
    .input(labelEmailParamsSchema.extend(applyLabelSchema.shape))
    .mutation(({ ctx, input }) => applyLabelToEmail({ principal: ctx.principal, emailId: input.emailId, labelId: input.labelId })),
  removeFromEmail: featureProcedure("RETENTION_POLICY", "delete:archive")
    .input(labelEmailParamsSchema)
    .mutation(({ ctx, input }) => removeLabelFromEmail({ principal: ctx.principal, emailId: input.emailId })),
});

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
});

export const lifecycleRouter = router({
  forecast: manageRetention.input(forecastQuerySchema).query(({ input }) => forecastDeletions({ days: input.days })),
  cycles: manageRetention.input(listCyclesQuerySchema).query(({ input }) => listCycles({ limit: input.limit })),
  emailStatus: featureProcedure("RETENTION_POLICY", "read:archive")
    .input(emailStatusParamsSchema)
    .query(({ ctx, input }) => getEmailRetentionStatus({ principal: ctx.principal, emailId: input.emailId })),
});

/** Any signed-in caller: the use cases show each reviewer only the dispositions of the rules they review. */
const reviewDispositions = authedProcedure.use(({ next }) => {
  assertFeatureEnabled("RETENTION_POLICY");
  return next();
});

export const dispositionsRouter = router({
  list: reviewDispositions
    .input(listDispositionsQuerySchema)
    .query(({ ctx, input }) => listDispositions({ principal: ctx.principal, query: input })),
  queueSize: reviewDispositions.query(({ ctx }) => countReviewQueue({ principal: ctx.principal })),
  decide: reviewDispositions
    .input(decideDispositionsSchema)
    .mutation(({ ctx, input }) => decideDispositions({ principal: ctx.principal, input })),
  certificate: manageRetention.input(certificateQuerySchema).query(({ input }) => destructionCertificate(input)),
});
