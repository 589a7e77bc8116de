import { Prisma } from "@/generated/prisma/client";
import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../auth/principal";
import { withPgTransaction } from "../db/pg-pool";
import { querySql, type SqlClient } from "../db/sql-client";
import { conflict, notFound } from "../errors/app-error";
import { loadHoldLinks, type HoldLinkDto } from "./legal-hold-dto";
import type { LockedHold } from "./lock-hold";
import { trySyncBlobRetention } from "../lifecycle/blob-retention";

export const inactiveHold = () => conflict("The legal hold is inactive and accepts no new emails");

/**
 * Links a hold to an email; applying it again is a no-op answering the existing link. The
 * transaction runs on a `pg` connection: it is the audited write a busy API repeats most.
 */
export async function applyHoldToEmail(options: { principal: Principal; emailId: string; holdId: string }): Promise<HoldLinkDto> {
  const applied = await withPgTransaction(async (tx) => {
    const { hold, emailExists } = await lockHoldAndEmail(tx, options.holdId, options.emailId);
    if (!emailExists) throw notFound("Archived email");
    if (!hold) throw notFound("Legal hold");
    if (!hold.is_active) throw inactiveHold();
    const inserted = await querySql<{ applied_at: Date }>(
      tx,
      Prisma.sql`
      INSERT INTO email_legal_holds (email_id, legal_hold_id, applied_at, applied_by_user_id)
      VALUES (${options.emailId}::uuid, ${options.holdId}::uuid, now(), ${options.principal.userId})
      ON CONFLICT DO NOTHING RETURNING applied_at`,
    );
    if (inserted.length === 0) return (await loadHoldLinks(tx, options.emailId, options.holdId))[0];
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "APPLY_HOLD",
      targetType: "ArchivedEmail",
      targetId: options.emailId,
      details: { legalHoldId: hold.id, holdName: hold.name },
    });
    return {
      legalHoldId: hold.id,
      holdName: hold.name,
      isActive: true,
      appliedAt: inserted[0].applied_at.toISOString(),
      appliedByUserId: options.principal.userId,
    };
  });
  // Immutability mode: a label or hold may lengthen how long the bytes must stay.
  await trySyncBlobRetention([options.emailId]);
  return applied;
}

/**
 * Locks the hold FOR SHARE (a concurrent deactivation waits for this link to commit, as lockHold
 * does) and the email FOR KEY SHARE (a concurrent deletion cannot take the linked email away, as
 * findVisibleEmail's lockForLink does), in one statement and in that order.
 */
async function lockHoldAndEmail(
  tx: SqlClient,
  holdId: string,
  emailId: string,
): Promise<{ hold: LockedHold | null; emailExists: boolean }> {
  const [row] = await querySql<{ hold: LockedHold | null; email_exists: boolean }>(
    tx,
    Prisma.sql`
    WITH hold AS (SELECT id, name, reason, is_active FROM legal_holds WHERE id = ${holdId}::uuid FOR SHARE),
         email AS (SELECT id FROM archived_emails WHERE id = ${emailId}::uuid FOR KEY SHARE)
    SELECT (SELECT row_to_json(hold) FROM hold) AS hold, EXISTS (SELECT 1 FROM email) AS email_exists`,
  );
  return { hold: row.hold, emailExists: row.email_exists };
}
