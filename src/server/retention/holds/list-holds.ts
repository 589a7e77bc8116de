import { pgPool } from "../../platform/db/pg-pool";
import { loadHolds, type LegalHoldDto } from "./load-holds";

/** All holds ordered by creation date ascending, each with its email count (through `pg`: a hot path). */
export function listHolds(): Promise<LegalHoldDto[]> {
  return loadHolds(pgPool());
}
