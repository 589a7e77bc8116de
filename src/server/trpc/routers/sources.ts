import { config } from "../../config/env";
import { requestImapSync } from "../../imap/request-imap-sync";
import { createSource } from "../../ingestion-sources/create-source";
import { createSourceSchema, sourceIdParamsSchema } from "../../ingestion-sources/ingestion-sources.schemas";
import { listSources } from "../../ingestion-sources/list-sources";
import { procedure, router } from "../init";

const manageIngestion = procedure({ permission: "manage:ingestion" });

export const sourcesRouter = router({
  list: manageIngestion.query(() => listSources()),
  /** Source names for the email browser (read:archive callers may filter by source). */
  names: procedure({ permission: "read:archive" }).query(async () =>
    (await listSources()).map((source) => ({ id: source.id, name: source.name, provider: source.provider })),
  ),
  create: manageIngestion.input(createSourceSchema).mutation(({ ctx, input }) => createSource({ actor: ctx.principal.actor, input })),
  /** Where the SMTP journaling listener listens (for the settings shown on journal sources); null when off. */
  journalListener: manageIngestion.query(() =>
    config.journalSmtpPort === 0 ? null : { host: config.journalSmtpHost, port: config.journalSmtpPort },
  ),
  sync: manageIngestion
    .input(sourceIdParamsSchema)
    .mutation(({ ctx, input }) => requestImapSync({ actor: ctx.principal.actor, sourceId: input.id })),
});
