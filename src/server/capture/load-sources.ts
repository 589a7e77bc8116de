import type { IngestionSource } from "@/generated/prisma/client";
import { withoutSecrets } from "../platform/config/secret-binding";
import type { DbOrTx } from "../platform/db/client";
import { keptCounts, SOURCE_EMAIL_COUNT } from "../platform/db/kept-counts";
import type { IngestionSourceDto } from "./ingestion-sources.responses";

/** The stored config minus secrets (`passwordEncrypted` is what the database keeps; shown as `passwordSet`). */
export const publicConfig = (config: unknown): Record<string, unknown> => withoutSecrets(config);

export function toSourceDto(source: IngestionSource, emailCount: number): IngestionSourceDto {
  return {
    id: source.id,
    name: source.name,
    provider: source.provider,
    status: source.status,
    statusMessage: source.statusMessage,
    config: publicConfig(source.config),
    lastSyncAt: source.lastSyncAt?.toISOString() ?? null,
    emailCount,
    createdAt: source.createdAt.toISOString(),
    updatedAt: source.updatedAt.toISOString(),
  };
}

/** Sources (all, or the given ids) with their email counts, oldest first. */
export async function loadSources(client: DbOrTx, ids?: string[]): Promise<IngestionSourceDto[]> {
  const sources = await client.ingestionSource.findMany({
    where: ids ? { id: { in: ids } } : undefined,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (sources.length === 0) return [];
  const byId = await keptCounts(
    client,
    SOURCE_EMAIL_COUNT,
    sources.map((source) => source.id),
  );
  return sources.map((source) => toSourceDto(source, byId.get(source.id) ?? 0));
}
