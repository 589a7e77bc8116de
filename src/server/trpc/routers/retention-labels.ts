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
import { procedure, router } from "../init";

const manageRetention = procedure({ permission: "manage:all", feature: "RETENTION_POLICY" });
const labelEmails = procedure({ permission: "delete:archive", feature: "RETENTION_POLICY" });

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
  emailLabel: procedure({ permission: "read:archive", feature: "RETENTION_POLICY" })
    .input(labelEmailParamsSchema)
    .query(({ ctx, input }) => getEmailLabel({ principal: ctx.principal, emailId: input.emailId })),
  applicable: labelEmails.query(() => listApplicableLabels()),
  applyToEmail: labelEmails
    .input(labelEmailParamsSchema.extend(applyLabelSchema.shape))
    .mutation(({ ctx, input }) => applyLabelToEmail({ principal: ctx.principal, emailId: input.emailId, labelId: input.labelId })),
  removeFromEmail: labelEmails
    .input(labelEmailParamsSchema)
    .mutation(({ ctx, input }) => removeLabelFromEmail({ principal: ctx.principal, emailId: input.emailId })),
});
