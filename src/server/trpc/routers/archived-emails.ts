import { z } from "zod";
import { emailIdParamsSchema, emailListQuerySchema, sourceEmailsParamsSchema } from "../../archived-emails/archived-emails.schemas";
import { deleteArchivedEmail } from "../../archived-emails/delete-archived-email";
import { getArchivedEmail } from "../../archived-emails/get-archived-email";
import { listEmailsBySource } from "../../archived-emails/list-emails-by-source";
import { renderEmailBody } from "../../archived-emails/render-email-body";
import { restoreArchivedEmail } from "../../restore/restore-archived-email";
import { getRestoreRun } from "../../restore/get-restore-run";
import { requestBulkRestore } from "../../restore/request-bulk-restore";
import { bulkRestoreSchema, restoreEmailSchema, restoreRunParamsSchema } from "../../restore/restore.schemas";
import { procedure, router } from "../init";

const readArchive = procedure({ permission: "read:archive" });
const restoreArchive = procedure({ permission: "restore:archive" });

export const archivedEmailsRouter = router({
  /** The query of GET /v1/archived-emails/ingestion-source/{id}, with its defaults. */
  listBySource: readArchive
    .input(sourceEmailsParamsSchema.extend(emailListQuerySchema.shape))
    .query(({ ctx, input }) =>
      listEmailsBySource({ principal: ctx.principal, sourceId: input.ingestionSourceId, page: input.page, limit: input.limit }),
    ),
  get: readArchive.input(emailIdParamsSchema).query(({ ctx, input }) => getArchivedEmail({ principal: ctx.principal, emailId: input.id })),
  body: readArchive
    .input(emailIdParamsSchema.extend({ showRemoteImages: z.boolean().default(false) }))
    .query(({ ctx, input }) => renderEmailBody({ principal: ctx.principal, emailId: input.id, showRemoteImages: input.showRemoteImages })),
  delete: procedure({ permission: "delete:archive" })
    .input(emailIdParamsSchema)
    .mutation(({ ctx, input }) => deleteArchivedEmail({ principal: ctx.principal, emailId: input.id })),
  restore: restoreArchive
    .input(emailIdParamsSchema.extend(restoreEmailSchema.shape))
    .mutation(({ ctx, input }) => restoreArchivedEmail({ principal: ctx.principal, emailId: input.id, input })),
  bulkRestore: restoreArchive
    .input(bulkRestoreSchema)
    .mutation(({ ctx, input }) => requestBulkRestore({ principal: ctx.principal, input })),
  restoreRun: restoreArchive
    .input(restoreRunParamsSchema)
    .query(({ ctx, input }) => getRestoreRun({ principal: ctx.principal, runId: input.runId })),
});
