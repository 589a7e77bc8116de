import { createHash } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import type { EdiscoveryExport } from "@/generated/prisma/client";
import { appendAuditEntry, systemActor } from "../audit/append-audit-entry";
import { config } from "../config/env";
import { db, transaction } from "../db/client";
import { blobStore } from "../storage/blob-store-factory";
import { snapshotExportItems } from "./export-snapshot";
import {
  claimDueExport,
  completeExport,
  exportItemsAfter,
  lockExport,
  recordExportBatch,
  releaseExportLease,
  type ExportItem,
  type WrittenItem,
} from "./exports.queries";
import { finishProduction } from "./finish-production";
import { inOrder } from "./in-order";
import { attachmentTextFile, emlFile, exportDirectory, mboxrdRecord, recipientHeaders } from "./production-format";
import { fileWriter } from "./write-file-stream";

/**
 * Messages in flight at once (read, hashed and, for eml, written): enough to keep the file system's
 * thread pool busy, few enough to keep memory flat (at most this many messages are held).
 */
const IN_FLIGHT = 16;
const workerId = `${hostname()}:${process.pid}`;
const actor = systemActor("worker");

export class ExportIntegrityError extends Error {}

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

async function runExport(exportId: string, options: { signal?: AbortSignal; batchSize?: number }): Promise<void> {
  const directory = exportDirectory(exportId);
  try {
    if (!(await startExport(exportId))) return;
    await mkdir(path.join(directory, "messages"), { recursive: true });
    await mkdir(path.join(directory, "mbox"), { recursive: true });
    for (;;) {
      if (options.signal?.aborted) return releaseExportLease(db(), exportId, workerId);
      const row = await db().ediscoveryExport.findUniqueOrThrow({ where: { id: exportId } });
      if (row.status !== "running" || row.lockedBy !== workerId) return abandon(row, directory);
      const items = await exportItemsAfter(db(), exportId, row.processedItems, options.batchSize ?? config.exportBatchSize);
      if (items.length === 0) return await finishExport(row, directory);
      await writeBatch(row, directory, items);
    }
  } catch (error) {
    await failExport(exportId, error);
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

/** A message read from storage whose SHA-256 equals the archive's; anything else fails the export, naming the email. */
async function verifiedMessage(item: ExportItem): Promise<Buffer> {
  const message = await blobStore().get(item.storage_path);
  const actual = createHash("sha256").update(message).digest("hex");
  if (actual !== item.sha256) {
    throw new ExportIntegrityError(
      `Email ${item.email_id}: its stored bytes hash to ${actual}, not to the archived ${item.sha256}; nothing corrupt was exported`,
    );
  }
  return message;
}

/**
 * Writes a batch: eml files as their messages come in, or one mbox chunk (renamed into place once
 * whole, so a resumed batch rewrites it); then records the batch's sizes, recipients and resume
 * point in one statement.
 */
async function writeBatch(row: EdiscoveryExport, directory: string, items: ExportItem[]): Promise<void> {
  const written: WrittenItem[] = [];
  const record = (item: ExportItem, message: Buffer) => {
    written.push({ emailId: item.email_id, size: message.length, ...recipientHeaders(message) });
  };
  if (row.format === "eml") {
    await inOrder(
      items,
      IN_FLIGHT,
      async (item) => {
        const message = await verifiedMessage(item);
        await writeFile(path.join(directory, emlFile(item.email_id)), message);
        return message;
      },
      record,
    );
  } else {
    const chunk = path.join(directory, "mbox", `${String(items[0].seq).padStart(10, "0")}.part`);
    const mbox = fileWriter(`${chunk}.tmp`);
    await inOrder(items, IN_FLIGHT, verifiedMessage, async (item, message) => {
      for (const piece of mboxrdRecord(message, item.from_address, item.sent_at)) await mbox.write(piece);
      record(item, message);
    });
    await mbox.close();
    await rename(`${chunk}.tmp`, chunk);
  }
  if (row.includeAttachmentText)
    await writeAttachmentTexts(
      directory,
      items.map((item) => item.email_id),
    );
  const bytes = written.reduce((sum, item) => sum + item.size, 0);
  await recordExportBatch(db(), { exportId: row.id, workerId, lastSeq: items[items.length - 1].seq, bytes, written });
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
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, attachment.extractedText, "utf8");
  }
}

async function finishExport(row: EdiscoveryExport, directory: string): Promise<void> {
  const manifestSha256 = await finishProduction(row, directory);
  await transaction(async (tx) => {
    if (!(await completeExport(tx, row.id, workerId, manifestSha256))) return;
    await appendAuditEntry(tx, {
      actor,
      actionType: "EXPORT",
      targetType: "EdiscoveryExport",
      targetId: row.id,
      details: { phase: "completed", caseId: row.caseId, query: row.queryUsed, count: row.totalItems, manifestSha256 },
    });
  });
}

/** A cancelled export's files go; one another worker took over is left to it. */
async function abandon(row: EdiscoveryExport, directory: string): Promise<void> {
  if (row.status === "cancelled") await rm(directory, { recursive: true, force: true });
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
