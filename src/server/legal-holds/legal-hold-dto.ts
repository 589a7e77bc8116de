import { Prisma } from "@/generated/prisma/client";
import { HOLD_LINK_COUNT, keptCounts } from "../db/kept-counts";
import { querySql, type SqlClient } from "../db/sql-client";

export interface LegalHoldDto {
  id: string;
  name: string;
  reason: string | null;
  isActive: boolean;
  caseId: string | null;
  emailCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface HoldLinkDto {
  legalHoldId: string;
  holdName: string;
  isActive: boolean;
  appliedAt: string;
  appliedByUserId: string | null;
}

interface HoldRow {
  id: string;
  name: string;
  reason: string | null;
  is_active: boolean;
  case_id: string | null;
  created_at: Date;
  updated_at: Date;
}

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
 * Holds with their link counts (inactive holds keep and count their links); the counts are the
 * trigger-kept ones, so a hold applied to 100,000 emails costs the list no more than an empty one.
 * `id` narrows to one hold, `caseId` to a case's holds.
 */
export async function loadHolds(client: SqlClient, id?: string, caseId?: string): Promise<LegalHoldDto[]> {
  const rows = await querySql<HoldRow>(
    client,
    Prisma.sql`
    SELECT h.id, h.name, h.reason, h.is_active, h.case_id, h.created_at, h.updated_at
    FROM legal_holds h
    WHERE (${id ?? null}::uuid IS NULL OR h.id = ${id ?? null}::uuid)
      AND (${caseId ?? null}::uuid IS NULL OR h.case_id = ${caseId ?? null}::uuid)
    ORDER BY h.created_at, h.id`,
  );
  const counts = await keptCounts(
    client,
    HOLD_LINK_COUNT,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toDto(row, counts.get(row.id) ?? 0));
}

export async function loadHoldLinks(client: SqlClient, emailId: string, holdId?: string): Promise<HoldLinkDto[]> {
  const rows = await querySql<{
    legal_hold_id: string;
    name: string;
    is_active: boolean;
    applied_at: Date;
    applied_by_user_id: string | null;
  }>(
    client,
    Prisma.sql`
    SELECT l.legal_hold_id, h.name, h.is_active, l.applied_at, l.applied_by_user_id
    FROM email_legal_holds l JOIN legal_holds h ON h.id = l.legal_hold_id
    WHERE l.email_id = ${emailId}::uuid AND (${holdId ?? null}::uuid IS NULL OR l.legal_hold_id = ${holdId ?? null}::uuid)
    ORDER BY l.applied_at, h.name`,
  );
  return rows.map((row) => ({
    legalHoldId: row.legal_hold_id,
    holdName: row.name,
    isActive: row.is_active,
    appliedAt: row.applied_at.toISOString(),
    appliedByUserId: row.applied_by_user_id,
  }));
}

export const nameKey = (name: string) => name.trim().toLowerCase();
