import type { DbOrTx } from "../db/client";

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
  email_count: number;
  created_at: Date;
  updated_at: Date;
}

const toDto = (row: HoldRow): LegalHoldDto => ({
  id: row.id,
  name: row.name,
  reason: row.reason,
  isActive: row.is_active,
  caseId: row.case_id,
  emailCount: Number(row.email_count),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** Holds with their link counts (inactive holds keep and count their links). */
export async function loadHolds(client: DbOrTx, id?: string): Promise<LegalHoldDto[]> {
  const rows = await client.$queryRaw<HoldRow[]>`
    SELECT h.id, h.name, h.reason, h.is_active, h.case_id, h.created_at, h.updated_at,
           (SELECT count(*) FROM email_legal_holds l WHERE l.legal_hold_id = h.id)::int AS email_count
    FROM legal_holds h
    WHERE ${id ?? null}::uuid IS NULL OR h.id = ${id ?? null}::uuid
    ORDER BY h.created_at, h.id`;
  return rows.map(toDto);
}

export async function loadHoldLinks(client: DbOrTx, emailId: string, holdId?: string): Promise<HoldLinkDto[]> {
  const rows = await client.$queryRaw<
    { legal_hold_id: string; name: string; is_active: boolean; applied_at: Date; applied_by_user_id: string | null }[]
  >`
    SELECT l.legal_hold_id, h.name, h.is_active, l.applied_at, l.applied_by_user_id
    FROM email_legal_holds l JOIN legal_holds h ON h.id = l.legal_hold_id
    WHERE l.email_id = ${emailId}::uuid AND (${holdId ?? null}::uuid IS NULL OR l.legal_hold_id = ${holdId ?? null}::uuid)
    ORDER BY l.applied_at, h.name`;
  return rows.map((row) => ({
    legalHoldId: row.legal_hold_id,
    holdName: row.name,
    isActive: row.is_active,
    appliedAt: row.applied_at.toISOString(),
    appliedByUserId: row.applied_by_user_id,
  }));
}

export const nameKey = (name: string) => name.trim().toLowerCase();
