import { db } from "../db/client";
import { loadHolds, type LegalHoldDto } from "./legal-hold-dto";

/** All holds ordered by creation date ascending, each with its email count. */
export function listHolds(): Promise<LegalHoldDto[]> {
  return loadHolds(db());
}
