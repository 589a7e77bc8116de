import { config } from "../../platform/config/env";
import { db, transaction, type DbOrTx } from "../../platform/db/client";
import { blobKeyForHash, describeRetention, isRetained, laterDate } from "../../archive/storage/blob-store";
import { blobStore } from "../../archive/storage/blob-store-factory";
import { lockBlobsExclusive } from "../../archive/storage/storage.queries";
import {
  selectBlobHashesOfEmails,
  selectBlobsOnlyReferencedBy,
  selectDesiredRetention,
  selectEmailIdPage,
  selectEmailsRetainedAfter,
} from "./lifecycle.queries";
import { loadEnabledPolicies } from "./retention-rules.queries";
import { logger } from "../../platform/logging/logger";

/**
 * Immutable storage (docs/retention.md "Immutable storage"): each blob's retain-until is the latest
 * eligibility date, by the same rules the lifecycle deletes by (decisionSql, ignoring holds), of the
 * emails that reference it (as raw message or attachment); it carries a legal hold while one of
 * them is held. The store only ever lengthens a retain-until; blob_retention records what was
 * applied, so a pass over the archive only touches the blobs whose retention changed.
 */
export interface DesiredRetention {
  hash: string;
  retainUntil: Date | null;
  legalHold: boolean;
}

const PAGE = 500;

/** The retention the database asks for each of `hashes` (hashes no row references are left out). */
export async function desiredRetentionOf(client: DbOrTx, hashes: string[]): Promise<DesiredRetention[]> {
  if (hashes.length === 0) return [];
  const policies = await loadEnabledPolicies(client);
  const rows = await selectDesiredRetention(client, { policies, asOf: new Date(), hashes });
  return rows.map((row) => ({ hash: row.hash, retainUntil: row.retain_until, legalHold: row.legal_hold }));
}

/**
 * Applies the desired retention of `hashes` to the store where it differs from what was applied:
 * a later retain-until, or a legal hold set or lifted. Holds the blobs' exclusive locks, so a
 * concurrent clean-up or pass cannot interleave. Returns how many blobs were changed.
 */
async function applyRetention(hashes: string[]): Promise<number> {
  return transaction(async (tx) => {
    await lockBlobsExclusive(tx, hashes);
    const desired = await desiredRetentionOf(tx, hashes);
    const applied = await tx.blobRetention.findMany({ where: { hash: { in: desired.map((row) => row.hash) } } });
    const appliedByHash = new Map(applied.map((row) => [row.hash, row]));
    const changed = desired.filter((row) => {
      const before = appliedByHash.get(row.hash);
      if (!before) return true;
      const later = row.retainUntil !== null && (before.retainUntil === null || row.retainUntil > before.retainUntil);
      return later || before.legalHold !== row.legalHold;
    });
    const store = blobStore();
    for (const row of changed) {
      const retainUntil = laterDate(appliedByHash.get(row.hash)?.retainUntil ?? null, row.retainUntil);
      await store.setRetention(blobKeyForHash(row.hash), { retainUntil, legalHold: row.legalHold });
      await tx.blobRetention.upsert({
        where: { hash: row.hash },
        create: { hash: row.hash, retainUntil, legalHold: row.legalHold },
        update: { retainUntil, legalHold: row.legalHold, updatedAt: new Date() },
      });
    }
    return changed.length;
  });
}

/**
 * In immutability mode, brings the stored retention of the blobs of `emailIds` (every email when
 * absent, in keyset pages) up to what the database asks for. Returns how many blobs changed.
 */
export async function syncBlobRetention(options: { emailIds?: string[] } = {}): Promise<number> {
  if (!config.storageImmutable) return 0;
  if (options.emailIds) {
    let changed = 0;
    for (let start = 0; start < options.emailIds.length; start += PAGE) {
      changed += await applyRetention(await selectBlobHashesOfEmails(db(), options.emailIds.slice(start, start + PAGE)));
    }
    return changed;
  }
  let changed = 0;
  let after: string | null = null;
  for (;;) {
    const page: string[] = await selectEmailIdPage(db(), after, PAGE);
    if (page.length === 0) return changed;
    changed += await applyRetention(await selectBlobHashesOfEmails(db(), page));
    after = page[page.length - 1];
  }
}

/** syncBlobRetention for `emailIds` where a failure must not undo what committed: it is logged, and the next lifecycle cycle retries. */
export async function trySyncBlobRetention(emailIds: string[]): Promise<void> {
  await syncBlobRetention({ emailIds }).catch((error: unknown) =>
    logger("immutable storage").error("retention not applied yet, the lifecycle cycle retries", { emails: emailIds.length }, error),
  );
}

export interface DeletionRefusal {
  emailId: string;
  reason: string;
}

/**
 * In immutability mode, the emails of `emailIds` that may not be deleted yet (as of `asOf`), with why:
 * 1. its deletion would remove a blob the store still retains (bytes no row outside `emailIds`
 *    references). The store decides, not blob_retention: what counts is what it would refuse. A
 *    store that cannot say (no Object Lock) refuses too;
 * 2. the email's own retention has not ended (its label, policy or reviewer's extension, as the
 *    lifecycle computes it, holds aside): its row (mailbox, label, metadata) is kept until then even
 *    when another email references the same bytes, which the store then retains for that other one.
 */
export async function immutableDeletionRefusals(client: DbOrTx, emailIds: string[], asOf = new Date()): Promise<DeletionRefusal[]> {
  if (!config.storageImmutable || emailIds.length === 0) return [];
  const refusals = new Map<string, string>();
  const released = await selectBlobsOnlyReferencedBy(client, emailIds);
  const store = blobStore();
  for (const { email_id: emailId, hash } of released) {
    if (refusals.has(emailId)) continue;
    const key = blobKeyForHash(hash);
    try {
      const retention = await store.retentionOf(key);
      if (retention && isRetained(retention)) refusals.set(emailId, `its stored blob ${key} is ${describeRetention(retention)}`);
    } catch (error) {
      refusals.set(
        emailId,
        `the retention of its stored blob ${key} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  const policies = await loadEnabledPolicies(client);
  for (const row of await selectEmailsRetainedAfter(client, { policies, asOf, emailIds })) {
    if (refusals.has(row.id)) continue;
    const rule = row.rule_name === null ? row.rule_type : `${row.rule_type} "${row.rule_name}"`;
    refusals.set(row.id, `its own retention (${rule}) runs until ${row.eligible_at.toISOString()}`);
  }
  return [...refusals].map(([emailId, reason]) => ({ emailId, reason }));
}
