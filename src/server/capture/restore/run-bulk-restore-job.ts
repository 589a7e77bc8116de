import { hostname } from "node:os";
import { Prisma, type RestoreRun } from "@/generated/prisma/client";
import { appendAuditEntry, systemActor, type AuditActor } from "../../audit/append-audit-entry";
import type { ArchiveCondition } from "../../identity/authz/ability";
import { readVerifiedBlob } from "../../archive/read-verified-blob";
import { db, transaction } from "../../platform/db/client";
import { loadImapDestination } from "../load-imap-config";
import { scopeCondition } from "../../archive/archive-scope.queries";
import { searchEngine } from "../../search/search-engine-factory";
import { appendToMailbox } from "./append-to-mailbox";
import { auditRestore } from "./restore-archived-email";
import { insertExportRunItems, insertRunItems, unsettledRunItems } from "./restore.queries";
import { searchQuerySchema } from "../../search/search.schemas";
import { storedAuditActorSchema } from "../../audit/stored-audit-actor";
import { parseStoredJson } from "../../platform/validation/stored-json";

const PAGE_SIZE = 1000;
const ITEM_PAGE_SIZE = 200;
/** A run whose worker made no progress for this long is taken over (its worker died). */
export const RESTORE_LEASE_SECONDS = 120;
const workerId = `${hostname()}:${process.pid}`;

/** What a run whose destination changed after the request says, to its requester on the run and in the audit log. */
export const DESTINATION_CHANGED =
  "The destination source's settings (server, account, password or mailboxes) changed after this restore was requested; " +
  "nothing was written there. Check the source, then request the restore again.";
/** Who ends a run: the worker, on behalf of the requester named in the run's RESTORE_REQUESTED entry. */
const RESTORE_WORKER = systemActor("system:restore");

class RestoreRunBusyError extends Error {}
class LeaseLostError extends Error {}

interface RestorableEmail {
  id: string;
  storagePath: string;
  storageHashSha256: string;
  sentAt: Date;
}

/** One message to append, with the item whose progress it records. */
interface Restorable {
  raw: Buffer;
  date: Date;
  email: RestorableEmail;
  seq: number;
  /** Set when a crashed run may have appended it: the folder's UIDNEXT before that attempt. */
  appendedSince?: number;
}

/**
 * Worker handler of `archive.restore` jobs ({runId}): fixes the run's set first (a search query's
 * matches or a case export's items, within the requester's scope, one restore_run_items row each),
 * then appends every email of it in order to the mailbox over one IMAP connection. Each email's
 * progress is recorded in its row: `appending` with the folder's UIDNEXT before the APPEND, then
 * `restored` with its RESTORE audit entry in one transaction. The run is held under a lease renewed
 * with each email; a run whose worker died is resumed after its last settled item, and an email
 * left `appending` is looked for by its bytes in the folder before it is appended again, so nothing
 * is restored twice or skipped, with or without a Message-ID. An IMAP failure fails the run with
 * the server's message. Before anything, the destination's config fingerprint must still be the one
 * kept when the restore was requested: a destination re-pointed since (another server, account or
 * password) fails the run (DESTINATION_CHANGED), so a restore is never redirected after it was asked for.
 * Every failure is audited (RESTORE_FAILED).
 */
export async function runBulkRestoreJob(payload: Record<string, unknown>): Promise<void> {
  const run = await takeRun(String(payload.runId));
  if (!run) return;
  try {
    const destination = await loadImapDestination({ sourceId: run.ingestionSourceId });
    if (destination.fingerprint !== run.destinationFingerprint) {
      await finish(run, { status: "failed", error: DESTINATION_CHANGED, reason: "destination_changed" });
      return;
    }
    if (run.total === null) await fixRunSet(run);
    await appendToMailbox({
      config: destination.config,
      folder: run.folder,
      messages: unsettledItems(run),
      onAppending: (message, uidNext) => recordAppending(run.id, message.seq, uidNext),
      onAppended: (message, appended) => recordRestored(run, message, appended.uid),
    });
    await finish(run, { status: "completed" });
  } catch (error) {
    if (error instanceof LeaseLostError) return;
    await finish(run, {
      status: "failed",
      error: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
      reason: "error",
    });
  }
}

/** Takes a queued run, or a running one whose lease expired; null when there is nothing to do. Throws while another worker holds it (the job is retried). */
async function takeRun(runId: string): Promise<RestoreRun | null> {
  const before = await db().restoreRun.findUnique({ where: { id: runId } });
  if (!before || (before.status !== "queued" && before.status !== "running")) return null;
  const leaseExpired = before.lockedAt === null || before.lockedAt.getTime() < Date.now() - RESTORE_LEASE_SECONDS * 1000;
  if (before.status === "running" && !leaseExpired)
    throw new RestoreRunBusyError(`Restore run ${runId} is in the hands of ${before.lockedBy}`);
  const taken = await db().restoreRun.updateMany({
    where: { id: runId, status: before.status, lockedAt: before.lockedAt },
    data: { status: "running", lockedBy: workerId, lockedAt: new Date() },
  });
  if (taken.count === 0) throw new RestoreRunBusyError(`Restore run ${runId} was taken by another worker`);
  return before;
}

const held = (runId: string) => ({ id: runId, lockedBy: workerId, status: "running" });

/** Renews the lease; throws LeaseLostError when another worker has taken the run over. */
async function renewLease(client: Prisma.TransactionClient, runId: string, data: Prisma.RestoreRunUpdateManyMutationInput = {}) {
  const progress = await client.restoreRun.updateMany({ where: held(runId), data: { lockedAt: new Date(), ...data } });
  if (progress.count === 0) throw new LeaseLostError();
}

/**
 * Writes the run's set, as exports do: every email the search matches now (within the scope kept
 * with the run), or every item of the case export. `total` is set with the last rows, so a set a
 * crash left half-written (total still null) is written again from scratch; nothing was appended yet.
 */
async function fixRunSet(run: RestoreRun): Promise<void> {
  const scope = run.scope as ArchiveCondition[] | null;
  await db().restoreRunItem.deleteMany({ where: { runId: run.id } });
  let total = 0;
  if (run.exportId !== null) {
    total = await insertExportRunItems(db(), run.id, run.exportId, scopeCondition(scope));
  } else {
    for await (const ids of searchEngine().searchAllIds({
      query: parseStoredJson(searchQuerySchema, run.searchQuery, "restore_runs.search_query"),
      pageSize: PAGE_SIZE,
      scope,
    })) {
      await insertRunItems(db(), run.id, total + 1, ids);
      total += ids.length;
    }
  }
  await transaction((tx) => renewLease(tx, run.id, { total }));
}

async function recordAppending(runId: string, seq: number, uidNext: number): Promise<void> {
  await transaction(async (tx) => {
    await renewLease(tx, runId);
    await tx.restoreRunItem.update({ where: { runId_seq: { runId, seq } }, data: { state: "appending", uidNext } });
  });
}

async function recordRestored(run: RestoreRun, message: Restorable, uid: number | null): Promise<void> {
  await transaction(async (tx) => {
    await renewLease(tx, run.id, { restored: { increment: 1 }, position: message.seq });
    await tx.restoreRunItem.update({ where: { runId_seq: { runId: run.id, seq: message.seq } }, data: { state: "restored", uid } });
    await auditRestore({
      client: tx,
      actor: parseStoredJson(storedAuditActorSchema, run.actor, "restore_runs.actor"),
      email: message.email,
      ingestionSourceId: run.ingestionSourceId,
      folder: run.folder,
    });
  });
}

async function recordFailed(runId: string, seq: number): Promise<void> {
  await transaction(async (tx) => {
    await renewLease(tx, runId, { failed: { increment: 1 }, position: seq });
    await tx.restoreRunItem.update({ where: { runId_seq: { runId, seq } }, data: { state: "failed" } });
  });
}

/**
 * Ends the run (while this worker still holds it); a failure is audited as RESTORE_FAILED on the run,
 * in the same transaction, with its reason (`destination_changed` or `error`) and message.
 */
async function finish(
  run: RestoreRun,
  outcome: { status: "completed" } | { status: "failed"; error: string; reason: "destination_changed" | "error" },
): Promise<void> {
  await transaction(async (tx) => {
    const error = outcome.status === "failed" ? outcome.error : undefined;
    const ended = await tx.restoreRun.updateMany({
      where: held(run.id),
      data: { status: outcome.status, error, finishedAt: new Date(), lockedBy: null, lockedAt: null },
    });
    if (ended.count === 0 || outcome.status !== "failed") return;
    await appendAuditEntry(tx, {
      actor: RESTORE_WORKER,
      actionType: "RESTORE_FAILED",
      targetType: "RestoreRun",
      targetId: run.id,
      details: { reason: outcome.reason, error: outcome.error, ingestionSourceId: run.ingestionSourceId, folder: run.folder },
    });
  });
}

/** The stored bytes, verified; null (an INTEGRITY_FAILURE is audited) when they are missing or altered. */
async function verifiedBytes(actor: AuditActor, email: RestorableEmail): Promise<Buffer | null> {
  return readVerifiedBlob({
    actor,
    key: email.storagePath,
    hashSha256: email.storageHashSha256,
    target: { type: "ArchivedEmail", id: email.id },
  }).catch(() => null);
}

/**
 * The run's items not settled yet, in seq order, keyset-paged from its resume point. Items whose
 * email is gone, outside the requester's scope or whose bytes fail verification count as failed.
 */
async function* unsettledItems(run: RestoreRun): AsyncIterable<Restorable> {
  const actor = parseStoredJson(storedAuditActorSchema, run.actor, "restore_runs.actor");
  let position = run.position;
  for (;;) {
    const items = await unsettledRunItems(db(), run.id, position, ITEM_PAGE_SIZE);
    if (items.length === 0) return;
    for (const item of items) {
      position = item.seq;
      const email =
        item.id === null
          ? null
          : { id: item.id, storagePath: item.storagePath!, storageHashSha256: item.storageHashSha256!, sentAt: item.sentAt! };
      const raw = email && (await verifiedBytes(actor, email));
      if (!email || !raw) {
        await recordFailed(run.id, item.seq);
        continue;
      }
      const inDoubt = item.state === "appending" && item.uidNext !== null ? { appendedSince: item.uidNext } : {};
      yield { raw, date: email.sentAt, email, seq: item.seq, ...inDoubt };
    }
  }
}
