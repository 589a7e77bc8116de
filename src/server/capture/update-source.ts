import { appendAuditEntry, type AuditActor } from "../audit/append-audit-entry";
import { transaction } from "../platform/db/client";
import { isUniqueViolation } from "../platform/db/database-errors";
import { notFound, validationError } from "../platform/errors/app-error";
import { duplicateSourceName } from "./ingestion-sources.errors";
import type { Provider, UpdateSourceInput } from "./ingestion-sources.schemas";
import type { Config } from "../platform/config/secret-binding";
import { lockSourceForUpdate } from "./ingestion-sources.queries";
import { loadSources, publicConfig } from "./load-sources";
import type { IngestionSourceDto } from "./ingestion-sources.responses";
import { changesSecretDestination, updatedStoredConfig } from "./stored-config";

/** Renames a source and/or replaces its config; the provider cannot change. */
export async function updateSource(options: { actor: AuditActor; id: string; input: UpdateSourceInput }): Promise<IngestionSourceDto> {
  const { input } = options;
  try {
    return await transaction(async (tx) => {
      const source = await lockSourceForUpdate(tx, options.id);
      if (!source) throw notFound("Ingestion source");
      if (input.provider !== undefined && input.provider !== source.provider) {
        throw validationError([{ field: "provider", message: "the provider of a source cannot change" }]);
      }
      const config = input.config === undefined ? source.config : updatedStoredConfig(source.provider, source.config, input.config);
      await tx.ingestionSource.update({
        where: { id: source.id },
        data: {
          ...(input.name !== undefined ? { name: input.name, nameKey: input.name.toLowerCase() } : {}),
          config: config as object,
        },
      });
      const cursorsDropped = changesSecretDestination(source.provider as Provider, source.config as Config, config as Config);
      if (cursorsDropped) await tx.cloudSyncCursor.deleteMany({ where: { sourceId: source.id } });
      const changes: Record<string, unknown> = {};
      if (input.name !== undefined && input.name !== source.name) changes.name = { from: source.name, to: input.name };
      if (input.config !== undefined) changes.config = { from: publicConfig(source.config), to: publicConfig(config) };
      if (cursorsDropped) changes.syncCursors = "dropped (the secret's destination changed)";
      await appendAuditEntry(tx, {
        actor: options.actor,
        actionType: "UPDATE",
        targetType: "IngestionSource",
        targetId: source.id,
        details: { changes },
      });
      return (await loadSources(tx, [source.id]))[0];
    });
  } catch (error) {
    if (isUniqueViolation(error) && input.name !== undefined) throw duplicateSourceName(input.name);
    throw error;
  }
}
