import { createHash } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import type { EdiscoveryExport } from "@/generated/prisma/client";
import { appendAuditEntry, systemActor } from "../audit/append-audit-entry";
import type { ArchiveCondition } from "../authz/ability";
import { config } from "../config/env";
import { db, transaction } from "../db/client";
import { blobStore } from "../storage/blob-store-factory";
import type { ExportQuery } from "./create-export";
import { snapshotExportItems } from "./export-snapshot";
import { finishProduction } from "./finish-production";
import { attachmentTextFile, emlFile, exportDirectory, mboxrdRecord, recipientHeaders } from "./production-format";

/** Messages read from storage at once: enough to keep the disk busy, few enough to keep memory flat. */
const READ_AHEAD = 8;
const workerId = `${hostname()}:${process.pid}`;
const actor = systemActor("worker");

export class ExportIntegrityError extends Error {}

interface ItemRow {
  seq: number;
  email_id: string;
  storage_path: string;
  sha256: string;
  sent_at: Date;
  from_address: string;
}

/**
 * Claims the oldest export that is queued, or running under a lease no worker renewed within
 * EXPORT_LEASE_SECONDS (its worker died), and runs it to its end. Returns false when none was due.
 */
export async function runNextExport(options: { signal?: AbortSignal; batchSize?: number } = {}): Promise<boolean> {
  const [claimed] = await db().$queryRaw<{ id: string }[]>`
    UPDATE ediscovery_exports SET locked_at = now(), locked_by = ${workerId}
    WHERE id = (
      SELECT id FROM ediscovery_exports
      WHERE status IN ('queued', 'running')
        AND (locked_at IS NULL OR locked_at < now() - make_interval(secs => ${config.exportLeaseSeconds}))
      ORDER BY created_at, id
      FOR UPDATE SKIP LOCKED
      LIMIT 1)
    RETURNING id`;
  if (!claimed) return false;
  await runExport(claimed.id, options);
  return true;
}

async function runExport(exportId: string, options: { signal?: AbortSignal; batchSize?: number }): Promise<void> {
  const directory = exportDirectory(exportId);
  try {
    if (!(await startExport(exportId))) return;
    await mkdir(path.join(directory, "messages"), { recursive: true });
    await mkdir(path.join(directory, "mbox"), { recursive: true });
    for (;;) {
      if (options.signal?.aborted) return releaseLease(exportId);
      const row = await db().ediscoveryExport.findUniqueOrThrow({ where: { id: exportId } });
      if (row.status !== "running" || row.lockedBy !== workerId) return abandon(row, directory);
      const items = await db().$queryRaw<ItemRow[]>`
        SELECT seq, email_id, storage_path, sha256, sent_at, from_address FROM ediscovery_export_items
        WHERE export_id = ${exportId}::uuid AND seq > ${row.processedItems}
        ORDER BY seq LIMIT ${options.batchSize ?? config.exportBatchSize}`;
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
      const [row] = await tx.$queryRaw<
        { status: string; locked_by: string | null; query_used: ExportQuery; scope: ArchiveCondition[] | null; case_id: string }[]
      >`
        SELECT status, locked_by, query_used, scope, case_id FROM ediscovery_exports WHERE id = ${exportId}::uuid FOR UPDATE`;
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

/** Reads each message, checks its SHA-256 against the archive's, and writes it; then records the progress. */
async function writeBatch(row: EdiscoveryExport, directory: string, items: ItemRow[]): Promise<void> {
  const reads = items.map(() => null as Promise<Buffer> | null);
  const read = (index: number) => (reads[index] ??= blobStore().get(items[index].storage_path));
  const mbox: Buffer[] = [];
  const written: { emailId: string; size: number; to: string; cc: string }[] = [];
  let bytes = 0;
  for (let index = 0; index < items.length; index++) {
    for (let ahead = index; ahead < Math.min(items.length, index + READ_AHEAD); ahead++) read(ahead);
    const item = items[index];
    const message = await read(index);
    reads[index] = null;
    const actual = createHash("sha256").update(message).digest("hex");
    if (actual !== item.sha256) {
      throw new ExportIntegrityError(
        `Email ${item.email_id}: its stored bytes hash to ${actual}, not to the archived ${item.sha256}; nothing corrupt was exported`,
      );
    }
    if (row.format === "eml") await writeFile(path.join(directory, emlFile(item.email_id)), message);
    else mbox.push(mboxrdRecord(message, item.from_address, item.sent_at));
    written.push({ emailId: item.email_id, size: message.length, ...recipientHeaders(message) });
    bytes += message.length;
  }
  if (row.format === "mbox") {
    const chunk = path.join(directory, "mbox", `${String(items[0].seq).padStart(10, "0")}.part`);
    await writeFile(`${chunk}.tmp`, Buffer.concat(mbox));
    await rename(`${chunk}.tmp`, chunk);
  }
  if (row.includeAttachmentText)
    await writeAttachmentTexts(
      directory,
      items.map((item) => item.email_id),
    );
  await transaction(async (tx) => {
    await tx.$executeRaw`
      UPDATE ediscovery_export_items i SET size_bytes = w.size, to_addresses = w.to_addresses, cc_addresses = w.cc_addresses
      FROM unnest(${written.map((w) => w.emailId)}::uuid[], ${written.map((w) => w.size)}::bigint[], ${written.map((w) => w.to)}::text[],
        ${written.map((w) => w.cc)}::text[]) AS w(email_id, size, to_addresses, cc_addresses)
      WHERE i.export_id = ${row.id}::uuid AND i.email_id = w.email_id`;
    await tx.$executeRaw`
      UPDATE ediscovery_exports SET processed_items = ${items[items.length - 1].seq}, bytes = bytes + ${bytes}, locked_at = now()
      WHERE id = ${row.id}::uuid AND locked_by = ${workerId} AND status = 'running'`;
  });
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
    const completed = await tx.$executeRaw`
      UPDATE ediscovery_exports SET status = 'completed', manifest_sha256 = ${manifestSha256}, completed_at = now(), locked_at = NULL, locked_by = NULL
      WHERE id = ${row.id}::uuid AND locked_by = ${workerId} AND status = 'running'`;
    if (completed === 0) return;
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

/** A stopping worker hands the export back at once instead of letting its lease run out. */
async function releaseLease(exportId: string): Promise<void> {
  await db()
    .$executeRaw`UPDATE ediscovery_exports SET locked_at = NULL, locked_by = NULL WHERE id = ${exportId}::uuid AND locked_by = ${workerId}`;
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
