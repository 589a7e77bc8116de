import { z } from "zod";
import { config } from "../../config/env";
import { emailIdParamsSchema, sourceEmailsParamsSchema } from "../../archived-emails/archived-emails.schemas";
import { deleteArchivedEmail } from "../../archived-emails/delete-archived-email";
import { getArchivedEmail } from "../../archived-emails/get-archived-email";
import { listEmailsBySource } from "../../archived-emails/list-emails-by-source";
import { renderEmailBody } from "../../archived-emails/render-email-body";
import { getDashboardStats } from "../../dashboard/get-dashboard-stats";
import { requestImapSync } from "../../imap/request-imap-sync";
import { createSource } from "../../ingestion-sources/create-source";
import { createSourceSchema, sourceIdParamsSchema } from "../../ingestion-sources/ingestion-sources.schemas";
import { listSources } from "../../ingestion-sources/list-sources";
import { restoreArchivedEmail } from "../../restore/restore-archived-email";
import { getRestoreRun } from "../../restore/get-restore-run";
import { requestBulkRestore } from "../../restore/request-bulk-restore";
import { bulkRestoreSchema, restoreEmailSchema, restoreRunParamsSchema } from "../../restore/restore.schemas";
import { getSettings } from "../../settings/get-settings";
import { updateSettingsSchema } from "../../settings/settings.schemas";
import { updateSettings } from "../../settings/update-settings";
import { permissionProcedure, router } from "../init";

const readArchive = permissionProcedure("read:archive");

export const archivedEmailsRouter = router({
  listBySource: readArchive
    .input(
      sourceEmailsParamsSchema.extend({ page: z.number().int().min(1).default(1), limit: z.number().int().min(1).max(100).default(20) }),
    )
    .query(({ ctx, input }) =>
      listEmailsBySource({ principal: ctx.principal, sourceId: input.ingestionSourceId, page: input.page, limit: input.limit }),
    ),
  get: readArchive.input(emailIdParamsSchema).query(({ ctx, input }) => getArchivedEmail({ principal: ctx.principal, emailId: input.id })),
  body: readArchive
    .input(emailIdParamsSchema.extend({ showRemoteImages: z.boolean().default(false) }))
    .query(({ ctx, input }) => renderEmailBody({ principal: ctx.principal, emailId: input.id, showRemoteImages: input.showRemoteImages })),
  delete: permissionProcedure("delete:archive")
    .input(emailIdParamsSchema)
    .mutation(({ ctx, input }) => deleteArchivedEmail({ principal: ctx.principal, emailId: input.id })),
  restore: permissionProcedure("restore:archive")
    .input(emailIdParamsSchema.extend(restoreEmailSchema.shape))
    .mutation(({ ctx, input }) => restoreArchivedEmail({ principal: ctx.principal, emailId: input.id, input })),
  bulkRestore: permissionProcedure("restore:archive")
    .input(bulkRestoreSchema)
    .mutation(({ ctx, input }) => requestBulkRestore({ principal: ctx.principal, input })),
  restoreRun: permissionProcedure("restore:archive")
    .input(restoreRunParamsSchema)
    .query(({ input }) => getRestoreRun({ runId: input.runId })),
});

export const sourcesRouter = router({
  list: permissionProcedure("manage:ingestion").query(() => listSources()),
  /** Source names for the email browser (read:archive callers may filter by source). */
  names: readArchive.query(async () =>
    (await listSources()).map((source) => ({ id: source.id, name: source.name, provider: source.provider })),
  ),
  create: permissionProcedure("manage:ingestion")
    .input(createSourceSchema)
    .mutation(({ ctx, input }) => createSource({ actor: ctx.principal.actor, input })),
  /** Where the SMTP journaling listener listens (for the settings shown on journal sources); null when off. */
  journalListener: permissionProcedure("manage:ingestion").query(() =>
    config.journalSmtpPort === 0 ? null : { host: config.journalSmtpHost, port: config.journalSmtpPort },
  ),
  sync: permissionProcedure("manage:ingestion")
    .input(sourceIdParamsSchema)
    .mutation(({ ctx, input }) => requestImapSync({ actor: ctx.principal.actor, sourceId: input.id })),
});

export const settingsRouter = router({
  get: permissionProcedure("manage:all").query(() => getSettings()),
  update: permissionProcedure("manage:all")
    .input(updateSettingsSchema)
    .mutation(({ ctx, input }) => updateSettings({ actor: ctx.principal.actor, input })),
});

export const dashboardRouter = router({
  stats: readArchive.query(({ ctx }) => getDashboardStats({ principal: ctx.principal })),
});
