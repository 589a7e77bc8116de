import { Prisma } from "@/generated/prisma/client";
import { appendAuditEntries, systemActor } from "../audit/append-audit-entry";
import { transaction } from "../db/client";
import { lockHoldsOfEmails } from "../legal-holds/lock-hold";
import { recordBlobIntents } from "../storage/blob-intents";
import { searchEngine } from "../search/search-engine-factory";
import { decidingRuleOf, decisionSql, loadEnabledPolicies, type DecidingRule } from "./retention-rules";

export const LIFECYCLE_ACTOR = systemActor("system:lifecycle");

export interface DeletedEmail {
  id: string;
  storageHashSha256: string;
  decidingRule: DecidingRule;
}

export interface BatchOutcome {
  deleted: DeletedEmail[];
  /** Due by retention but linked to an active hold when the deleting statement ran. */
  protectedByHold: number;
  /** Content hashes (email and attachments) whose blobs may now be unreferenced. */
  releasedHashes: string[];
  /** Their journal entries (blob_intents), written with the deletion; cleared after the clean-up. */
  intentIds: string[];
}

interface DecisionRow {
  id: string;
  held: boolean;
  eligible: boolean;
  rule_type: string;
  rule_id: string | null;
  rule_name: string | null;
  period_days: number | null;
  deleted: boolean;
  storage_hash_sha256: string | null;
}

/**
 * Deletes the emails of `ids` that are still due as of `now`, in one transaction:
 * 1. locks the email rows (FOR UPDATE SKIP LOCKED). Linking a hold or a label to an email takes a
 *    KEY SHARE lock on the email row (foreign key), so an email with such a link in flight is
 *    skipped (the next cycle sees it), and a link attempted after this point waits for the commit;
 *    then the holds linked to them (FOR SHARE), so a hold (re)activation in flight is waited for and
 *    one attempted later waits for this commit;
 * 2. re-decides and deletes in ONE statement (a data-modifying CTE), whose snapshot is taken after
 *    the locks are held: every hold link or hold activation committed before it started is seen,
 *    and policies are re-read inside the transaction;
 * 3. removes the search entries and writes one DELETE audit entry per deleted email, last.
 * Rows of the email's attachments, hold links and label go with it (ON DELETE CASCADE).
 */
export async function deleteDueEmails(options: { ids: string[]; now: Date; cycleId: string }): Promise<BatchOutcome> {
  if (options.ids.length === 0) return { deleted: [], protectedByHold: 0, releasedHashes: [], intentIds: [] };
  return transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM archived_emails WHERE id = ANY(${options.ids}::uuid[]) ORDER BY id FOR UPDATE SKIP LOCKED`;
    const lockedIds = locked.map((row) => row.id);
    if (lockedIds.length === 0) return { deleted: [], protectedByHold: 0, releasedHashes: [], intentIds: [] };
    await lockHoldsOfEmails(tx, lockedIds);
    const policies = await loadEnabledPolicies(tx);
    const attachmentHashes = await tx.$queryRaw<{ hash_sha256: string }[]>`
      SELECT DISTINCT hash_sha256 FROM attachments WHERE email_id = ANY(${lockedIds}::uuid[])`;
    const decision = decisionSql({ policies, asOf: options.now, where: Prisma.sql`e.id = ANY(${lockedIds}::uuid[])` });
    const rows = await tx.$queryRaw<DecisionRow[]>`
      WITH decision AS (${decision}),
      removed AS (
        DELETE FROM archived_emails doomed USING decision d
        WHERE doomed.id = d.id AND d.eligible AND NOT d.held
        RETURNING doomed.id, doomed.storage_hash_sha256)
      SELECT d.id, d.held, d.eligible, d.rule_type, d.rule_id, d.rule_name, d.period_days,
        removed.id IS NOT NULL AS deleted, removed.storage_hash_sha256
      FROM decision d LEFT JOIN removed ON removed.id = d.id
      ORDER BY d.id`;
    const deleted = rows
      .filter((row) => row.deleted)
      .map((row) => ({ id: row.id, storageHashSha256: row.storage_hash_sha256!, decidingRule: decidingRuleOf(row) }));
    await searchEngine().removeEmails(tx, deleted.map((email) => email.id));
    await appendAuditEntries(
      tx,
      deleted.map((email) => ({
        actor: LIFECYCLE_ACTOR,
        actionType: "DELETE",
        targetType: "ArchivedEmail",
        targetId: email.id,
        details: {
          reason: "RetentionExpired",
          decidingRule: email.decidingRule,
          storageHashSha256: email.storageHashSha256,
          cycleId: options.cycleId,
        },
      })),
    );
    const releasedHashes =
      deleted.length === 0
        ? []
        : [...new Set([...deleted.map((email) => email.storageHashSha256), ...attachmentHashes.map((row) => row.hash_sha256)])];
    return {
      deleted,
      protectedByHold: rows.filter((row) => row.eligible && row.held).length,
      releasedHashes,
      intentIds: await recordBlobIntents(tx, releasedHashes),
    };
  });
}
