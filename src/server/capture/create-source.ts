import { appendAuditEntry, type AuditActor } from "../audit/append-audit-entry";
import { transaction } from "../platform/db/client";
import { isUniqueViolation } from "../platform/db/database-errors";
import { duplicateSourceName } from "./ingestion-sources.errors";
import type { CreateSourceInput } from "./ingestion-sources.schemas";
import { loadSources, publicConfig } from "./load-sources";
import type { IngestionSourceDto } from "./ingestion-sources.responses";
import { storedConfig } from "./stored-config";

/** Creates a source (status idle); names are unique case-insensitively by a unique index. */
export async function createSource(options: { actor: AuditActor; input: CreateSourceInput }): Promise<IngestionSourceDto> {
  const { input } = options;
  try {
    return await transaction(async (tx) => {
      const config = storedConfig(input.provider, input.config);
      const source = await tx.ingestionSource.create({
        data: { name: input.name, nameKey: input.name.toLowerCase(), provider: input.provider, config: config as object },
      });
      await appendAuditEntry(tx, {
        actor: options.actor,
        actionType: "CREATE",
        targetType: "IngestionSource",
        targetId: source.id,
        details: { name: source.name, provider: source.provider, config: publicConfig(config) },
      });
      return (await loadSources(tx, [source.id]))[0];
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateSourceName(input.name);
    throw error;
  }
}
