import { hostname } from "node:os";
import { Prisma, type RestoreRun } from "@/generated/prisma/client";
import type { AuditActor } from "../audit/append-audit-entry";
import type { ArchiveCondition } from "../authz/ability";
import { readVerifiedBlob } from "../archived-emails/read-verified-blob";
import { db, transaction } from "../db/client";
import { loadImapConfig } from "../ingestion-sources/load-imap-config";
import { scopeCondition } from "../search/postgres-search-conditions.queries";
import type { SearchQuery } from "../search/search-engine";
import { searchEngine } from "../search/search-engine-factory";
import { appendToMailbox } from "./append-to-mailbox";
import { auditRestore } from "./restore-archived-email";

const PAGE_SIZE = 1000;
const EXPORT_PAGE_SIZE = 200;
/** A run whose worker made no progress for this long is taken over (its worker died). */
export const RESTORE_LEASE_SECONDS = 120;
const workerId = `${hostname()}:${process.pid}`;

class RestoreRunBusyError extends Error {}
class LeaseLostError extends Error {}

interface RestorableEmail {
  id: string;
  storagePath: string;
  storageHashSha256: string;
  sentAt: Date;
}

/** One message to append, with the progress to record once it is there. */
interface Restorable {
  raw: Buffer;
  date: Date;
  email: RestorableEmail;
  /** Export runs: the item's seq, the run's new resume point. */
  seq?: number;
  /** The first message after a crash may already be in the folder: its Message-ID to look for. */
  checkMessageId?: string;
}

/**
 * Worker handler of `archive.restore` jobs ({runId}): appends every email of the run's selection
 * (a search query's matches or a case export's items) within the requester's scope to the mailbox
 * over one IMAP connection, recording progress with each email's RESTORE audit entry in one
 * transaction. The run is held under a lease renewed with each email; a run whose worker died is
 * resumed from its last recorded export item (the one in doubt is looked up in the folder by its
 * Message-ID before it is appended again). An IMAP failure fails the run with the server's message.
 */
export async function runBulkRestoreJob(payload: Record<string, unknown>): Promise<void> {
  const run = await takeRun(String(payload.runId));
  if (!run) return;
  const resumed = run.status === "running";
  try {
    if (run.exportId === null && resumed) {
      throw new Error(
        "The worker restoring this search stopped midway; the emails restored before are in the audit log (RESTORE). Request the restore again.",
      );
    }
    const messages = run.exportId === null ? searchMatches(run) : exportItems(run, run.exportId, resumed);
    await appendToMailbox({
      config: await loadImapConfig({ sourceId: run.ingestionSourceId }),
      folder: run.folder,
      messages,
      onAppended: (message) => recordRestored(run, message),
    });
    await finish(run.id, { status: "completed" });
  } catch (error) {
    if (error instanceof LeaseLostError) return;
    await finish(run.id, { status: "failed", error: (error instanceof Error ? error.message : String(error)).slice(0, 1000) });
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

async function recordRestored(run: RestoreRun, message: Restorable): Promise<void> {
  await transaction(async (tx) => {
    const progress = await tx.restoreRun.updateMany({
      where: held(run.id),
      data: { restored: { increment: 1 }, lockedAt: new Date(), ...(message.seq === undefined ? {} : { position: message.seq }) },
    });
    if (progress.count === 0) throw new LeaseLostError();
    await auditRestore({
      client: tx,
      actor: run.actor as unknown as AuditActor,
      email: message.email,
      ingestionSourceId: run.ingestionSourceId,
      folder: run.folder,
    });
  });
}

async function recordFailed(runId: string, count: number, seq?: number): Promise<void> {
  const progress = await db().restoreRun.updateMany({
    where: held(runId),
    data: { failed: { increment: count }, lockedAt: new Date(), ...(seq === undefined ? {} : { position: seq }) },
  });
  if (progress.count === 0) throw new LeaseLostError();
}

async function finish(runId: string, outcome: { status: "completed" | "failed"; error?: string }): Promise<void> {
  await db().restoreRun.updateMany({ where: held(runId), data: { ...outcome, finishedAt: new Date(), lockedBy: null, lockedAt: null } });
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

async function* searchMatches(run: RestoreRun): AsyncIterable<Restorable> {
  const actor = run.actor as unknown as AuditActor;
  let total = 0;
  const pages = searchEngine().searchAllIds({
    query: run.searchQuery as unknown as SearchQuery,
    pageSize: PAGE_SIZE,
    scope: run.scope as ArchiveCondition[] | null,
  });
  for await (const ids of pages) {
    total += ids.length;
    const emails = await db().archivedEmail.findMany({
      where: { id: { in: ids } },
      select: { id: true, storagePath: true, storageHashSha256: true, sentAt: true },
    });
    if (emails.length < ids.length) await recordFailed(run.id, ids.length - emails.length);
    for (const email of emails) {
      const raw = await verifiedBytes(actor, email);
      if (raw) yield { raw, date: email.sentAt, email };
      else await recordFailed(run.id, 1);
    }
  }
  await db().restoreRun.update({ where: { id: run.id }, data: { total } });
}

interface ExportItemRow {
  seq: number;
  id: string | null;
  storagePath: string | null;
  storageHashSha256: string | null;
  sentAt: Date | null;
  messageIdHeader: string | null;
}

/**
 * The export's items after the run's resume point, in seq order. Items whose email is gone since
 * the export, or outside the requester's scope, count as failed.
 */
async function* exportItems(run: RestoreRun, exportId: string, resumed: boolean): AsyncIterable<Restorable> {
  const actor = run.actor as unknown as AuditActor;
  const { totalItems } = await db().ediscoveryExport.findUniqueOrThrow({ where: { id: exportId }, select: { totalItems: true } });
  await db().restoreRun.update({ where: { id: run.id }, data: { total: totalItems } });
  const inScope = scopeCondition(run.scope as ArchiveCondition[] | null) ?? Prisma.sql`TRUE`;
  let position = run.position;
  let inDoubt = resumed;
  for (;;) {
    const items = await db().$queryRaw<ExportItemRow[]>`
      SELECT i.seq, e.id, e.storage_path AS "storagePath", e.storage_hash_sha256 AS "storageHashSha256", e.sent_at AS "sentAt",
        e.message_id_header AS "messageIdHeader"
      FROM ediscovery_export_items i LEFT JOIN archived_emails e ON e.id = i.email_id AND ${inScope}
      WHERE i.export_id = ${exportId}::uuid AND i.seq > ${position}
      ORDER BY i.seq LIMIT ${EXPORT_PAGE_SIZE}`;
    if (items.length === 0) return;
    for (const item of items) {
      position = item.seq;
      const checkMessageId = inDoubt && item.messageIdHeader ? { checkMessageId: item.messageIdHeader } : {};
      inDoubt = false;
      const email =
        item.id === null
          ? null
          : { id: item.id, storagePath: item.storagePath!, storageHashSha256: item.storageHashSha256!, sentAt: item.sentAt! };
      const raw = email && (await verifiedBytes(actor, email));
      if (!email || !raw) {
        await recordFailed(run.id, 1, item.seq);
        continue;
      }
      yield { raw, date: email.sentAt, email, seq: item.seq, ...checkMessageId };
    }
  }
}
