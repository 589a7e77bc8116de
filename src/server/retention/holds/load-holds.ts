import { foldPiledDeltas, HOLD_LINK_COUNT } from "../../platform/db/kept-counts";
import type { SqlClient } from "../../platform/db/sql-client";
import { selectHoldLinks, selectHolds, type HoldRow } from "./legal-holds.queries";
import type { LegalHoldDto, HoldLinkDto } from "./legal-holds.responses";

const toDto = (row: HoldRow, emailCount: number): LegalHoldDto => ({
  id: row.id,
  name: row.name,
  reason: row.reason,
  isActive: row.is_active,
  caseId: row.case_id,
  emailCount,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/**
 * Holds with their link counts (inactive holds keep and count their links), in one statement; the
 * counts are the trigger-kept ones, so a hold applied to 100,000 emails costs the list no more than
 * an empty one.
 * `id` narrows to one hold, `caseId` to a case's holds.
 */
export async function loadHolds(client: SqlClient, id?: string, caseId?: string): Promise<LegalHoldDto[]> {
  const rows = await selectHolds(client, { id, caseId });
  await foldPiledDeltas(client, HOLD_LINK_COUNT, rows);
  return rows.map((row) => toDto(row, Number(row.kept_total)));
}

export async function loadHoldLinks(client: SqlClient, emailId: string, holdId?: string): Promise<HoldLinkDto[]> {
  const rows = await selectHoldLinks(client, emailId, holdId);
  return rows.map((row) => ({
    legalHoldId: row.legal_hold_id,
    holdName: row.name,
    isActive: row.is_active,
    appliedAt: row.applied_at.toISOString(),
    appliedByUserId: row.applied_by_user_id,
  }));
}
