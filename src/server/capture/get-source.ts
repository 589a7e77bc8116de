import { db } from "../platform/db/client";
import { notFound } from "../platform/errors/app-error";
import { loadSources, type IngestionSourceDto } from "./load-sources";

export async function getSource(options: { id: string }): Promise<IngestionSourceDto> {
  const [source] = await loadSources(db(), [options.id]);
  if (!source) throw notFound("Ingestion source");
  return source;
}
