import { db } from "../db/client";
import { loadSources, type IngestionSourceDto } from "./source-dto";

export async function listSources(): Promise<IngestionSourceDto[]> {
  return loadSources(db());
}
