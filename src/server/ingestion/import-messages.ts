import { appendAuditEntry, type AuditActor } from "../audit/append-audit-entry";
import { db } from "../db/client";
import { prepareMessages, storePreparedBatch, type IncomingMessage } from "./ingest-messages";
import type { ImportItem } from "./readers/import-item";

export interface ImportSummary {
  imported: number;
  duplicates: number;
  failed: { index: number; reason: string }[];
}

export interface ImportProgress {
  messages: number;
  bytes: number;
  summary: ImportSummary;
}

/** A batch is flushed at this many messages or bytes, whichever comes first. */
const BATCH_MESSAGES = 200;
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Archives every item of `items` into one source and mailbox, batch by batch, and writes one
 * IMPORT audit entry with the summary. `index` in failures is the item's 0-based position.
 */
export async function importMessages(options: {
  actor: AuditActor;
  sourceId: string;
  userEmail: string;
  items: AsyncIterable<ImportItem>;
  /** What was imported (content type, file names), recorded in the audit entry. */
  origin: Record<string, unknown>;
  onProgress?: (progress: ImportProgress) => void;
}): Promise<ImportSummary> {
  const summary: ImportSummary = { imported: 0, duplicates: 0, failed: [] };
  let batch: { index: number; message: IncomingMessage }[] = [];
  let batchBytes = 0;
  let index = 0;
  let bytes = 0;
  // Parsing (this process's CPU) and storing (PostgreSQL, disk) overlap: while one batch is
  // stored, the next one is read and parsed. At most two batches are in memory.
  let storing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (batch.length === 0) return;
    const indexes = batch.map((item) => item.index);
    const prepared = await prepareMessages({ sourceId: options.sourceId, userEmail: options.userEmail, messages: batch.map((item) => item.message) });
    batch = [];
    batchBytes = 0;
    await storing;
    storing = storePreparedBatch(prepared).then((outcomes) => {
      outcomes.forEach((outcome, position) => {
        if (outcome.status === "imported") summary.imported++;
        else if (outcome.status === "duplicate") summary.duplicates++;
        else summary.failed.push({ index: indexes[position], reason: outcome.reason });
      });
      options.onProgress?.({ messages: index, bytes, summary });
    });
  };
  try {
    for await (const item of options.items) {
      if ("error" in item) summary.failed.push({ index, reason: item.error });
      else {
        batch.push({ index, message: item });
        batchBytes += item.raw.length;
        bytes += item.raw.length;
      }
      index++;
      if (batch.length >= BATCH_MESSAGES || batchBytes >= BATCH_BYTES) await flush();
    }
    await flush();
    await storing;
  } finally {
    await storing.catch(() => undefined);
    await recordImport(options, summary, index);
  }
  summary.failed.sort((a, b) => a.index - b.index);
  return summary;
}

async function recordImport(options: { actor: AuditActor; sourceId: string; userEmail: string; origin: Record<string, unknown> }, summary: ImportSummary, messages: number) {
  await appendAuditEntry(db(), {
    actor: options.actor,
    actionType: "IMPORT",
    targetType: "IngestionSource",
    targetId: options.sourceId,
    details: {
      userEmail: options.userEmail,
      ...options.origin,
      messages,
      imported: summary.imported,
      duplicates: summary.duplicates,
      failed: summary.failed.length,
    },
  });
}
