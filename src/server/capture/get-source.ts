import { db } from "../platform/db/client";
import { notFound } from "../platform/errors/app-error";
import { loadSources } from "./load-sources";
import type { IngestionSourceDto } from "./ingestion-sources.responses";

export async function getSource(options: { id: string }): Promise<IngestionSourceDto> {
  const [source] = await loadSources(db(), [options.id]);
  if (!source) throw notFound("Ingestion source");
  return source;
}
