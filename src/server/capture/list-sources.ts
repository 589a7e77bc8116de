import { db } from "../platform/db/client";
import { loadSources, type IngestionSourceDto } from "./load-sources";

export async function listSources(): Promise<IngestionSourceDto[]> {
  return loadSources(db());
}
