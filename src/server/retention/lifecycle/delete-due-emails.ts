import { appendAuditEntries, systemActor } from "../../audit/append-audit-entry";
import { config } from "../../platform/config/env";
import { attachmentHashesOf } from "../../archive/archived-emails.queries";
import { transaction } from "../../platform/db/client";
import { lockHoldsOfEmails } from "../holds/legal-holds.queries";
import { recordBlobIntents } from "../../archive/storage/storage.queries";
import { searchEngine } from "../../search/search-engine-factory";
import { immutableDeletionRefusals, type DeletionRefusal } from "./blob-retention";
import { deleteDecidedEmails, lockEmailsSkipLocked, queueDispositions, selectDeletableEmails } from "./lifecycle.queries";
import { decidingRuleOf, loadEnabledPolicies, type DecidingRule } from "./retention-rules.queries";

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
    const lockedIds = await lockEmailsSkipLocked(tx, options.ids);
    if (lockedIds.length === 0) return NOTHING;
    await lockHoldsOfEmails(tx, lockedIds);
    const policies = await loadEnabledPolicies(tx);
    const attachmentHashes = await attachmentHashesOf(tx, lockedIds);
    // In immutability mode, the emails whose bytes the store still retains are left out.
    const refused = config.storageImmutable
      ? await immutableDeletionRefusals(
          tx,
          await selectDeletableEmails(tx, { policies, asOf: options.now, emailIds: lockedIds }),
          options.now,
        )
      : [];
    const refusedIds = refused.map((refusal) => refusal.emailId);
    const rows = await deleteDecidedEmails(tx, {
      policies,
      asOf: options.now,
      emailIds: lockedIds,
      exceptIds: refusedIds,
      cycleId: options.cycleId,
    });
    const awaiting = rows.filter((row) => row.eligible && !row.held && row.action === "review" && !row.approved);
    // A new statement: its snapshot sees dispositions another worker committed meanwhile, and the
    // unique open_email_id turns a concurrent insert into a conflict instead of a second row.
    const queued = awaiting.length === 0 ? [] : await queueDispositions(tx, { awaiting, cycleId: options.cycleId });
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
      deleted.length === 0 ? [] : [...new Set([...deleted.map((email) => email.storageHashSha256), ...attachmentHashes])];
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
