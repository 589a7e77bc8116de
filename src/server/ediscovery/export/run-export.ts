import { readdir, rm } from "node:fs/promises";
import { setImmediate } from "node:timers/promises";
import { hostname } from "node:os";
import path from "node:path";
import type { EdiscoveryExport } from "@/generated/prisma/client";
import { appendAuditEntry, systemActor } from "../../audit/append-audit-entry";
import { config } from "../../platform/config/env";
import { db, transaction } from "../../platform/db/client";
import { pgPool } from "../../platform/db/pg-pool";
import { blobStore } from "../../archive/storage/blob-store-factory";
import { makePrivateDirectory, writePrivateFile } from "../../platform/files/private-files";
import { snapshotExportItems } from "./export-snapshot";
import {
  claimDueExport,
  completeExport,
  exportItemsToWrite,
  lockExport,
  recordExportBatch,
  releaseExportLease,
  type ItemToWrite,
  type WrittenItem,
} from "../exports.queries";
import { finishProduction } from "./finish-production";
import { handled } from "../../platform/concurrency/handled";
import { prefetchWindow, type PrefetchWindow, type Prefetched } from "../../platform/concurrency/prefetch-window";
import { attachmentTextFile, chunkDirectory, chunkFirstSeq, exportDirectory } from "./production-format";
import { addVerified, writeTask, type WriterTask } from "./export-writer";
import { startWriterPool, type WriterPool } from "./export-writer-pool";
import { runPdfProduction } from "../pdf/run-pdf-production";
import { exportDto } from "../case-records-dto";

/**
 * Messages read synchronously (local storage) between two turns of the event loop: about a
 * megabyte of work, so the worker's other timers and connections are never kept waiting long.
 */
const SYNC_SLICE = 32;
/** The read buffer reused for every message that fits (most do): no allocation and page faults per message. */
const SCRATCH_BYTES = 4 << 20;
const workerId = `${hostname()}:${process.pid}`;
const actor = systemActor("worker");

/**
 * Claims the oldest export that is queued, or running under a lease no worker renewed within
 * EXPORT_LEASE_SECONDS (its worker died), and runs it to its end. Returns false when none was due.
 */
export async function runNextExport(options: { signal?: AbortSignal; batchSize?: number } = {}): Promise<boolean> {
  const claimed = await claimDueExport(db(), workerId, config.exportLeaseSeconds);
  if (!claimed) return false;
  await runExport(claimed, options);
  return true;
}

/**
 * Writes the export's batches in order. The database's work overlaps the files': the next batch's
 * items are asked for before this batch is written, a batch is given to the writers before the one
 * before it is written (they never wait for the database between batches), and a batch's record is
 * awaited only when the next one is recorded (a crash before a record rewrites the unrecorded
 * batches, which is harmless).
 */
async function runExport(exportId: string, options: { signal?: AbortSignal; batchSize?: number }): Promise<void> {
  const directory = exportDirectory(exportId);
  const batchSize = options.batchSize ?? config.exportBatchSize;
  let writers: WriterPool | null = null;
  // The last batch given to the writers and not yet recorded. Every way out waits for it: no thread
  // still writes when the export stops, fails or its files are deleted.
  let writing: Promise<WrittenBatch> | null = null;
  const stopWriting = async () => {
    await writing?.catch(() => undefined);
  };
  try {
    if (!(await startExport(exportId))) return;
    const row = await db().ediscoveryExport.findUniqueOrThrow({ where: { id: exportId } });
    if (row.status !== "running" || row.lockedBy !== workerId) return await abandon(exportId, directory);
    if (row.format === "pdf") {
      await makePrivateDirectory(directory);
      const outcome = await runPdfProduction(row, directory, workerId, options.signal);
      if (outcome === "released") return await releaseExportLease(db(), exportId, workerId);
      if (outcome === "lost") return await abandon(exportId, directory);
      return await completeProduction(row, outcome.manifestSha256);
    }
    const chunks = path.join(directory, chunkDirectory(row.format as "eml" | "mbox"));
    await makePrivateDirectory(directory);
    await makePrivateDirectory(chunks);
    await removeUnrecordedChunks(chunks, row.processedItems);
    const { backend, dir } = config.storage;
    writers = backend === "local" ? startWriterPool(config.exportWriterThreads, { storageDir: dir }) : null;
    // A store without synchronous reads (S3): one window of reads ahead, shared by all the batches.
    const readsAhead = blobStore().readSync ? null : prefetchWindow(config.exportS3ReadsInFlight);
    let nextItems = handled(exportItemsToWrite(pgPool(), exportId, row.processedItems, batchSize));
    let recorded = Promise.resolve(true);
    // Records a batch once it is written and the record before it is in; false when the export is no longer this worker's.
    const record = async (batch: Promise<WrittenBatch>) => {
      const written = await batch;
      if (!(await recorded)) return false;
      recorded = handled(recordExportBatch(pgPool(), { exportId, workerId, ...written }));
      return true;
    };
    for (;;) {
      if (options.signal?.aborted) {
        if (writing) await record(writing);
        await recorded;
        return await releaseExportLease(db(), exportId, workerId);
      }
      const items = await nextItems;
      if (items.length === 0) {
        if ((writing && !(await record(writing))) || !(await recorded)) return await abandon(exportId, directory);
        return await finishExport(row, directory);
      }
      nextItems = handled(exportItemsToWrite(pgPool(), exportId, items[items.length - 1].seq, batchSize));
      const previous: Promise<WrittenBatch> | null = writing;
      writing = handled(writeBatch(row, directory, items, writers, readsAhead, previous));
      if (previous && !(await record(previous))) {
        await stopWriting();
        return await abandon(exportId, directory);
      }
    }
  } catch (error) {
    await stopWriting();
    await failExport(exportId, error);
  } finally {
    await writers?.close();
  }
}

/**
 * Before a run (first or resumed), removes the chunks (eml or mbox) of items past the recorded
 * resume point and unfinished chunk files: the run writes those items again, and its chunks may
 * start elsewhere (another batch size, another number of writer threads). Directories are left:
 * an eml export begun before chunks has its first messages in per-message files under them.
 */
async function removeUnrecordedChunks(chunks: string, processedItems: number): Promise<void> {
  for (const entry of await readdir(chunks, { withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const firstSeq = chunkFirstSeq(entry.name);
    if (firstSeq === null || firstSeq > processedItems) await rm(path.join(chunks, entry.name), { force: true });
  }
}

/** The first worker to run a queued export fixes its items and marks it running, in one transaction. */
async function startExport(exportId: string): Promise<boolean> {
  return transaction(
    async (tx) => {
      const row = await lockExport(tx, exportId);
      if (!row || row.locked_by !== workerId) return false;
      if (row.status !== "queued") return row.status === "running";
      const totalItems = await snapshotExportItems(tx, { exportId, query: row.query_used, scope: row.scope });
      await tx.ediscoveryExport.update({
        where: { id: exportId },
        data: { status: "running", totalItems, startedAt: new Date(), lockedAt: new Date() },
      });
      await appendAuditEntry(tx, {
        actor,
        actionType: "EXPORT",
        targetType: "EdiscoveryExport",
        targetId: exportId,
        details: { phase: "started", caseId: row.case_id, query: row.query_used, count: totalItems },
      });
      return true;
    },
    { timeoutMs: 600_000 },
  );
}

/**
 * Writes a task on the worker's own thread: read synchronously in slices when the store can (local
 * disk), yielding to the event loop between them, else taking the messages `prefetched` (S3) in order.
 */
async function writeOnThisThread(task: WriterTask, prefetched: Prefetched<Buffer> | null): Promise<WrittenItem[]> {
  const store = blobStore();
  const readSync = store.readSync?.bind(store);
  return writeTask(task, async (sink) => {
    const written: WrittenItem[] = [];
    if (!readSync) {
      if (!prefetched) throw new Error("a store without synchronous reads needs its messages prefetched");
      for (const item of task.items) {
        const message = await prefetched.next();
        written.push(...addVerified(sink, [item], () => message));
      }
      return written;
    }
    const scratch = Buffer.allocUnsafe(SCRATCH_BYTES);
    for (let start = 0; start < task.items.length; start += SYNC_SLICE) {
      if (start > 0) await setImmediate();
      written.push(...addVerified(sink, task.items.slice(start, start + SYNC_SLICE), (item) => readSync(item.storage_path, scratch)));
    }
    return written;
  });
}

/** What recordExportBatch records of a written batch: sizes, recipients, resume point. */
type WrittenBatch = { lastSeq: number; bytes: number; written: WrittenItem[] };

/**
 * Writes a batch (eml or mbox chunks, one per run, renamed into place once whole, so a resumed
 * batch rewrites them) after `previous`, the batch before it: on the writer threads when there are
 * (queued behind it there), else on this thread once it is written. From a store without
 * synchronous reads (S3) its messages are read ahead through `readsAhead` from the start, while the
 * batch before is still being written, so the window of reads never drains between batches.
 */
async function writeBatch(
  row: EdiscoveryExport,
  directory: string,
  items: ItemToWrite[],
  writers: WriterPool | null,
  readsAhead: PrefetchWindow | null,
  previous: Promise<WrittenBatch> | null,
): Promise<WrittenBatch> {
  const store = blobStore();
  const prefetched = readsAhead?.fetch(items, (item) => store.get(item.storage_path)) ?? null;
  await store.prepareSyncReads();
  const task: WriterTask = { directory, format: row.format as "eml" | "mbox", items, dataKeys: store.keyring.entries() };
  const pooled = writers?.write(task);
  if (!pooled) await previous;
  const written = await (pooled ?? writeOnThisThread(task, prefetched));
  if (row.includeAttachmentText)
    await writeAttachmentTexts(
      directory,
      items.map((item) => item.email_id),
    );
  const bytes = written.reduce((sum, item) => sum + item.size, 0);
  return { lastSeq: items[items.length - 1].seq, bytes, written };
}

async function writeAttachmentTexts(directory: string, emailIds: string[]): Promise<void> {
  const attachments = await db().attachment.findMany({
    where: { emailId: { in: emailIds } },
    select: { emailId: true, filename: true, extractedText: true },
    orderBy: [{ emailId: "asc" }, { id: "asc" }],
  });
  const position = new Map<string, number>();
  for (const attachment of attachments) {
    const index = position.get(attachment.emailId) ?? 0;
    position.set(attachment.emailId, index + 1);
    if (attachment.extractedText === null) continue;
    const file = path.join(directory, attachmentTextFile(attachment.emailId, index, attachment.filename));
    await makePrivateDirectory(path.dirname(file));
    await writePrivateFile(file, attachment.extractedText);
  }
}

async function finishExport(row: EdiscoveryExport, directory: string): Promise<void> {
  await completeProduction(row, await finishProduction(row, directory));
}

/** Marks the export completed (if it is still this worker's) and audits it, with a PDF production's Bates range. */
async function completeProduction(row: EdiscoveryExport, manifestSha256: string): Promise<void> {
  await transaction(async (tx) => {
    if (!(await completeExport(tx, row.id, workerId, manifestSha256))) return;
    const bates = row.format === "pdf" ? exportDto(await tx.ediscoveryExport.findUniqueOrThrow({ where: { id: row.id } })) : null;
    await appendAuditEntry(tx, {
      actor,
      actionType: "EXPORT",
      targetType: "EdiscoveryExport",
      targetId: row.id,
      details: {
        phase: "completed",
        caseId: row.caseId,
        query: row.queryUsed,
        count: row.totalItems,
        manifestSha256,
        ...(bates && { batesBegin: bates.batesBegin, batesEnd: bates.batesEnd, pages: bates.pageCount }),
      },
    });
  });
}

/** The export is no longer this worker's: a cancelled export's files go; one another worker took over is left to it. */
async function abandon(exportId: string, directory: string): Promise<void> {
  const row = await db().ediscoveryExport.findUnique({ where: { id: exportId }, select: { status: true } });
  if (row?.status === "cancelled") await rm(directory, { recursive: true, force: true });
}

async function failExport(exportId: string, error: unknown): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const failedHere = await transaction(async (tx) => {
    const failed = await tx.ediscoveryExport.updateMany({
      where: { id: exportId, lockedBy: workerId, status: { in: ["queued", "running"] } },
      data: { status: "failed", error: message, completedAt: new Date(), lockedAt: null, lockedBy: null },
    });
    if (failed.count === 0) return false;
    const row = await tx.ediscoveryExport.findUniqueOrThrow({ where: { id: exportId } });
    await appendAuditEntry(tx, {
      actor,
      actionType: "EXPORT",
      targetType: "EdiscoveryExport",
      targetId: exportId,
      details: { phase: "failed", caseId: row.caseId, query: row.queryUsed, processedItems: row.processedItems, error: message },
    });
    return true;
  });
  if (failedHere) await rm(exportDirectory(exportId), { recursive: true, force: true });
}
