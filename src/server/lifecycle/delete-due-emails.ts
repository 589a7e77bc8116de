import { Prisma } from "@/generated/prisma/client";
import { appendAuditEntries, systemActor } from "../audit/append-audit-entry";
import { config } from "../config/env";
import { transaction, type Tx } from "../db/client";
import { lockHoldsOfEmails } from "../legal-holds/lock-hold";
import { recordBlobIntents } from "../storage/storage.queries";
import { searchEngine } from "../search/search-engine-factory";
import { blobDeletionRefusals, type DeletionRefusal } from "./blob-retention";
import { decidingRuleOf, decisionSql, loadEnabledPolicies, type DecidingRule } from "./retention-rules";

const LIFECYCLE_ACTOR = systemActor("system:lifecycle");

export interface DeletedEmail {
  id: string;
  storageHashSha256: string;
  decidingRule: DecidingRule;
  /** The approved disposition that allowed the deletion (review rules). */
  approval: { dispositionId: string; approvedBy: string | null; comment: string | null } | null;
}

export interface BatchOutcome {
  deleted: DeletedEmail[];
  /** Due by retention but linked to an active hold when the deleting statement ran. */
  protectedByHold: number;
  /** Due under a review rule without an approval: their pending dispositions (recorded once). */
  awaitingReview: number;
  /** Content hashes (email and attachments) whose blobs may now be unreferenced. */
  releasedHashes: string[];
  /** Their journal entries (blob_intents), written with the deletion; cleared after the clean-up. */
  intentIds: string[];
  /** Due and unheld, but kept: the immutable store still retains their bytes (docs/retention.md). */
  refused: DeletionRefusal[];
}

interface DecisionRow {
  id: string;
  held: boolean;
  eligible: boolean;
  rule_type: string;
  rule_id: string | null;
  rule_name: string | null;
  period_days: number | null;
  eligible_at: Date | null;
  action: string | null;
  approved: boolean;
  deleted: boolean;
  storage_hash_sha256: string | null;
  disposition_id: string | null;
  approved_by: string | null;
  approval_comment: string | null;
}

interface QueuedRow {
  id: string;
  email_id: string;
  rule_type: string;
  rule_id: string;
  rule_name: string;
  due_at: Date;
}

export const NOTHING: BatchOutcome = { deleted: [], protectedByHold: 0, awaitingReview: 0, releasedHashes: [], intentIds: [], refused: [] };

/**
 * Deletes the emails of `ids` that are still due as of `now`, in one transaction:
 * 1. locks the email rows (FOR UPDATE SKIP LOCKED). Linking a hold or a label to an email takes a
 *    KEY SHARE lock on the email row (foreign key), so an email with such a link in flight is
 *    skipped (the next cycle sees it), and a link attempted after this point waits for the commit;
 *    then the holds linked to them (FOR SHARE), so a hold (re)activation in flight is waited for and
 *    one attempted later waits for this commit;
 * 2. re-decides and deletes in ONE statement (a data-modifying CTE), whose snapshot is taken after
 *    the locks are held: every hold link or hold activation committed before it started is seen,
 *    and policies are re-read inside the transaction. An email due under a review rule is deleted
 *    only with an approval of that rule; without one, the same statement records its pending
 *    disposition, at most one open per email (unique open_email_id, so two workers cannot both
 *    insert one). The open disposition of a deleted email is closed with the deletion;
 * 3. removes the search entries and writes one DELETE audit entry per deleted email (with the
 *    approval, if any) and one QUEUE_DISPOSITION entry per new pending disposition, last.
 * In immutability mode the emails the statement would delete are first asked of the store: those
 * whose bytes it still retains are left out of the statement and audited as DELETE_REFUSED.
 * Rows of the email's attachments, hold links and label go with it (ON DELETE CASCADE).
 */
export async function deleteDueEmails(options: { ids: string[]; now: Date; cycleId: string }): Promise<BatchOutcome> {
  if (options.ids.length === 0) return NOTHING;
  return transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM archived_emails WHERE id = ANY(${options.ids}::uuid[]) ORDER BY id FOR UPDATE SKIP LOCKED`;
    const lockedIds = locked.map((row) => row.id);
    if (lockedIds.length === 0) return NOTHING;
    await lockHoldsOfEmails(tx, lockedIds);
    const policies = await loadEnabledPolicies(tx);
    const attachmentHashes = await tx.$queryRaw<{ hash_sha256: string }[]>`
      SELECT DISTINCT hash_sha256 FROM attachments WHERE email_id = ANY(${lockedIds}::uuid[])`;
    const refused = await refusedByStorage(
      tx,
      decisionSql({ policies, asOf: options.now, where: Prisma.sql`e.id = ANY(${lockedIds}::uuid[])` }),
    );
    const refusedIds = refused.map((refusal) => refusal.emailId);
    const decision = decisionSql({
      policies,
      asOf: options.now,
      where: Prisma.sql`e.id = ANY(${lockedIds}::uuid[]) AND e.id <> ALL(${refusedIds}::uuid[])`,
    });
    const rows = await tx.$queryRaw<DecisionRow[]>`
      WITH decision AS (${decision}),
      removed AS (
        DELETE FROM archived_emails doomed USING decision d
        WHERE doomed.id = d.id AND d.eligible AND NOT d.held AND (d.action = 'delete' OR d.approved)
        RETURNING doomed.id, doomed.storage_hash_sha256),
      closed AS (
        UPDATE email_dispositions disp
        SET open_email_id = NULL, destroyed_at = now(), destroyed_in_cycle_id = ${options.cycleId}::uuid,
          storage_hash_sha256 = removed.storage_hash_sha256
        FROM removed WHERE disp.open_email_id = removed.id
        RETURNING disp.email_id, disp.id, disp.status, disp.decided_by_email, disp.comment)
      SELECT d.id, d.held, d.eligible, d.eligible_at, d.rule_type, d.rule_id, d.rule_name, d.period_days, d.action, d.approved,
        removed.id IS NOT NULL AS deleted, removed.storage_hash_sha256,
        closed.id AS disposition_id, closed.decided_by_email AS approved_by, closed.comment AS approval_comment
      FROM decision d LEFT JOIN removed ON removed.id = d.id LEFT JOIN closed ON closed.email_id = d.id AND closed.status = 'approved'
      ORDER BY d.id`;
    const awaiting = rows.filter((row) => row.eligible && !row.held && row.action === "review" && !row.approved);
    // A new statement: its snapshot sees dispositions another worker committed meanwhile, and the
    // unique open_email_id turns a concurrent insert into a conflict instead of a second row.
    const queued =
      awaiting.length === 0
        ? []
        : await tx.$queryRaw<QueuedRow[]>`
            INSERT INTO email_dispositions (id, email_id, open_email_id, rule_type, rule_id, rule_name, due_at, created_in_cycle_id)
            SELECT gen_random_uuid(), a.id, a.id, a.rule_type, a.rule_id, a.rule_name, a.due_at, ${options.cycleId}::uuid
            FROM unnest(${awaiting.map((row) => row.id)}::uuid[], ${awaiting.map((row) => row.rule_type)}::text[],
              ${awaiting.map((row) => row.rule_id)}::uuid[], ${awaiting.map((row) => row.rule_name)}::text[],
              ${awaiting.map((row) => row.eligible_at!.toISOString())}::timestamptz[]) AS a(id, rule_type, rule_id, rule_name, due_at)
            ON CONFLICT (open_email_id) DO UPDATE
              SET rule_type = EXCLUDED.rule_type, rule_id = EXCLUDED.rule_id, rule_name = EXCLUDED.rule_name, due_at = EXCLUDED.due_at,
                status = 'pending', decided_at = NULL, decided_by_user_id = NULL, decided_by_email = NULL, comment = NULL
              WHERE email_dispositions.rule_id <> EXCLUDED.rule_id
            RETURNING id, email_id, rule_type, rule_id, rule_name, due_at`;
    const deleted = rows
      .filter((row) => row.deleted)
      .map((row) => ({
        id: row.id,
        storageHashSha256: row.storage_hash_sha256!,
        decidingRule: decidingRuleOf(row),
        approval:
          row.disposition_id === null
            ? null
            : { dispositionId: row.disposition_id, approvedBy: row.approved_by, comment: row.approval_comment },
      }));
    await searchEngine().removeEmails(
      tx,
      deleted.map((email) => email.id),
    );
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
          ...(email.approval && { approval: email.approval }),
        },
      })),
    );
    await appendAuditEntries(
      tx,
      queued.map((disposition) => ({
        actor: LIFECYCLE_ACTOR,
        actionType: "QUEUE_DISPOSITION",
        targetType: "ArchivedEmail",
        targetId: disposition.email_id,
        details: {
          dispositionId: disposition.id,
          rule: { type: disposition.rule_type, id: disposition.rule_id, name: disposition.rule_name },
          dueAt: disposition.due_at.toISOString(),
          cycleId: options.cycleId,
        },
      })),
    );
    await appendAuditEntries(
      tx,
      refused.map((refusal) => ({
        actor: LIFECYCLE_ACTOR,
        actionType: "DELETE_REFUSED",
        targetType: "ArchivedEmail",
        targetId: refusal.emailId,
        details: { reason: "StorageRetention", message: refusal.reason, cycleId: options.cycleId },
      })),
    );
    const releasedHashes =
      deleted.length === 0
        ? []
        : [...new Set([...deleted.map((email) => email.storageHashSha256), ...attachmentHashes.map((row) => row.hash_sha256)])];
    return {
      deleted,
      protectedByHold: rows.filter((row) => row.eligible && row.held).length,
      awaitingReview: awaiting.length,
      releasedHashes,
      intentIds: await recordBlobIntents(tx, releasedHashes),
      refused,
    };
  });
}

/** The emails `decision` would delete whose bytes the immutable store refuses to delete (none when the mode is off). */
async function refusedByStorage(tx: Tx, decision: Prisma.Sql): Promise<DeletionRefusal[]> {
  if (!config.storageImmutable) return [];
  const doomed = await tx.$queryRaw<{ id: string }[]>`
    WITH decision AS (${decision})
    SELECT id FROM decision d WHERE d.eligible AND NOT d.held AND (d.action = 'delete' OR d.approved)`;
  return blobDeletionRefusals(
    tx,
    doomed.map((row) => row.id),
  );
}
