import { db } from "../platform/db/client";
import { loadSources } from "./load-sources";
import type { IngestionSourceDto } from "./ingestion-sources.responses";

export async function listSources(): Promise<IngestionSourceDto[]> {
  return loadSources(db());
}
