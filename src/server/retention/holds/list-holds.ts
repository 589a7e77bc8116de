import { pgPool } from "../../platform/db/pg-pool";
import { loadHolds } from "./load-holds";
import type { LegalHoldDto } from "./legal-holds.responses";

/** All holds ordered by creation date ascending, each with its email count (through `pg`: a hot path). */
export function listHolds(): Promise<LegalHoldDto[]> {
  return loadHolds(pgPool());
}
