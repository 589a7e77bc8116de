import type { Tx } from "../db/client";

export interface LockedHold {
  id: string;
  name: string;
  reason: string | null;
  is_active: boolean;
  case_id: string | null;
}

/**
 * Locks the hold row for the rest of the transaction: FOR UPDATE to change it, FOR SHARE to link
 * emails to it (so a concurrent deactivation waits for the linking to commit, and vice versa).
 */
export async function lockHold(tx: Tx, id: string, mode: "update" | "share"): Promise<LockedHold | null> {
  const rows =
    mode === "update"
      ? await tx.$queryRaw<LockedHold[]>`SELECT id, name, reason, is_active, case_id FROM legal_holds WHERE id = ${id}::uuid FOR UPDATE`
      : await tx.$queryRaw<LockedHold[]>`SELECT id, name, reason, is_active, case_id FROM legal_holds WHERE id = ${id}::uuid FOR SHARE`;
  return rows[0] ?? null;
}

/**
 * Locks (FOR SHARE) every hold linked to these emails, active or not, so that no activation or
 * deactivation of them commits until this transaction ends: a deletion that then checks the holds
 * in a new statement decides on the state that stays true until it commits.
 */
export async function lockHoldsOfEmails(tx: Tx, emailIds: string[]): Promise<void> {
  await tx.$queryRaw`
    SELECT h.id FROM legal_holds h
    WHERE h.id IN (SELECT link.legal_hold_id FROM email_legal_holds link WHERE link.email_id = ANY(${emailIds}::uuid[]))
    ORDER BY h.id FOR SHARE`;
}
