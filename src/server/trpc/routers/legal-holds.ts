import { applyHoldToEmail } from "../../legal-holds/apply-hold-to-email";
import { bulkApplyHold } from "../../legal-holds/bulk-apply-hold";
import { createHold } from "../../legal-holds/create-hold";
import { deleteHold } from "../../legal-holds/delete-hold";
import { getHold } from "../../legal-holds/get-hold";
import {
  applyHoldSchema,
  bulkApplySchema,
  createHoldSchema,
  emailHoldParamsSchema,
  emailIdParamsSchema,
  holdIdParamsSchema,
  listHoldEmailsSchema,
  updateHoldSchema,
} from "../../legal-holds/legal-holds.schemas";
import { listEmailHolds } from "../../legal-holds/list-email-holds";
import { listHoldEmails } from "../../legal-holds/list-hold-emails";
import { listHolds } from "../../legal-holds/list-holds";
import { releaseAll } from "../../legal-holds/release-all";
import { removeHoldFromEmail } from "../../legal-holds/remove-hold-from-email";
import { updateHold } from "../../legal-holds/update-hold";
import { searchArchive } from "../../search/search-archive";
import { procedure, router } from "../init";

const manageHolds = procedure({ permission: "manage:all", feature: "LEGAL_HOLDS" });
/** How many matches the bulk-apply preview shows before the officer confirms. */
const PREVIEW_SAMPLE_SIZE = 5;

export const legalHoldsRouter = router({
  list: manageHolds.query(() => listHolds()),
  get: manageHolds.input(holdIdParamsSchema).query(({ input }) => getHold({ id: input.id })),
  create: manageHolds.input(createHoldSchema).mutation(({ ctx, input }) => createHold({ actor: ctx.principal.actor, input })),
  update: manageHolds
    .input(holdIdParamsSchema.extend({ data: updateHoldSchema }))
    .mutation(({ ctx, input }) => updateHold({ principal: ctx.principal, id: input.id, input: input.data })),
  delete: manageHolds.input(holdIdParamsSchema).mutation(({ ctx, input }) => deleteHold({ principal: ctx.principal, id: input.id })),
  emails: manageHolds
    .input(listHoldEmailsSchema)
    .query(({ ctx, input }) => listHoldEmails({ principal: ctx.principal, id: input.id, cursor: input.cursor, limit: input.limit })),
  /** The search bulk apply would run: its exact total and a first page, through the same search use case. */
  previewBulkApply: procedure({ permission: "manage:all", feature: "LEGAL_HOLDS", rateLimit: "search" })
    .input(bulkApplySchema)
    .query(({ ctx, input }) =>
      searchArchive({ principal: ctx.principal, query: input.searchQuery, page: 1, limit: PREVIEW_SAMPLE_SIZE, exactTotal: true }),
    ),
  bulkApply: procedure({ permission: "manage:all", feature: "LEGAL_HOLDS", rateLimit: "bulkApply" })
    .input(holdIdParamsSchema.extend(bulkApplySchema.shape))
    .mutation(({ ctx, input }) => bulkApplyHold({ principal: ctx.principal, id: input.id, query: input.searchQuery })),
  releaseAll: manageHolds.input(holdIdParamsSchema).mutation(({ ctx, input }) => releaseAll({ principal: ctx.principal, id: input.id })),
  emailHolds: procedure({ permission: "read:archive", feature: "LEGAL_HOLDS" })
    .input(emailIdParamsSchema)
    .query(({ ctx, input }) => listEmailHolds({ principal: ctx.principal, emailId: input.emailId })),
  applyToEmail: manageHolds
    .input(emailIdParamsSchema.extend(applyHoldSchema.shape))
    .mutation(({ ctx, input }) => applyHoldToEmail({ principal: ctx.principal, emailId: input.emailId, holdId: input.holdId })),
  removeFromEmail: manageHolds
    .input(emailHoldParamsSchema)
    .mutation(({ ctx, input }) => removeHoldFromEmail({ principal: ctx.principal, emailId: input.emailId, holdId: input.holdId })),
});
