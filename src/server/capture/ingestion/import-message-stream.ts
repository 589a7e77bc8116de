import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { newRunId, receiptFolder, sealImportReceipt } from "../receipts/import-receipt";
import { AttachmentTexts } from "./attachment-texts";
import { addToBatch, normalizeMailbox } from "./ingest-batch";
import type { PreparedBatch } from "./ingestion.types";
import { storePreparedBatch } from "./store-prepared-batch";
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
/** Flushed batches not yet stored (one storing, one waiting for its attachment text) before reading pauses. */
const MAX_WAITING_BATCHES = 2;

/**
 * Archives every item of a stream (an upload, the CLI's files) into one source and mailbox, batch
 * by batch as it is read, and writes one IMPORT audit entry with the summary. `index` in failures is the item's 0-based position.
 */
export async function importMessageStream(options: {
  actor: AuditActor;
  sourceId: string;
  userEmail: string;
  items: AsyncIterable<ImportItem>;
  /** What was imported (content type, file names), recorded in the audit entry. */
  origin: Record<string, unknown>;
  onProgress?: (progress: ImportProgress) => void;
}): Promise<ImportSummary> {
  const summary: ImportSummary = { imported: 0, duplicates: 0, failed: [] };
  const startedAt = new Date();
  const texts = new AttachmentTexts();
  const userEmail = normalizeMailbox(options.userEmail);
  const newBatch = (): PreparedBatch => ({ sourceId: options.sourceId, userEmail, outcomes: [], candidates: [] });
  let batch = newBatch();
  let batchIndexes: number[] = [];
  let batchBytes = 0;
  let index = 0;
  let bytes = 0;
  // A pipeline on three resources: this thread parses, the extractor thread reads attachment text
  // and PostgreSQL stores, each on a different batch; batches are stored one at a time, in order.
  let storing: Promise<void> = Promise.resolve();
  const waiting: Promise<void>[] = [];
  const flush = async () => {
    if (batchIndexes.length === 0) return;
    const [flushed, indexes] = [batch, batchIndexes];
    [batch, batchIndexes, batchBytes] = [newBatch(), [], 0];
    storing = storing.then(async () => {
      const outcomes = await storePreparedBatch(flushed);
      outcomes.forEach((outcome, position) => {
        if (outcome.status === "imported") summary.imported++;
        else if (outcome.status === "duplicate") summary.duplicates++;
        else summary.failed.push({ index: indexes[position], reason: outcome.reason });
      });
      options.onProgress?.({ messages: indexes[indexes.length - 1] + 1, bytes, summary });
    });
    // Awaited below or in `finally`; marked handled so a failure is not reported twice.
    storing.catch(() => undefined);
    waiting.push(storing);
    while (waiting.length > MAX_WAITING_BATCHES) await waiting.shift();
  };
  try {
    for await (const item of options.items) {
      if ("error" in item) summary.failed.push({ index, reason: item.error });
      else {
        batchIndexes.push(index);
        await addToBatch(batch, item, texts);
        batchBytes += item.raw.length;
        bytes += item.raw.length;
      }
      index++;
      if (batchIndexes.length >= BATCH_MESSAGES || batchBytes >= BATCH_BYTES) await flush();
    }
    await flush();
    await storing;
  } finally {
    await storing.catch(() => undefined);
    await recordImport(options, summary, index, startedAt);
  }
  summary.failed.sort((a, b) => a.index - b.index);
  return summary;
}

async function recordImport(
  options: { actor: AuditActor; sourceId: string; userEmail: string; origin: Record<string, unknown> },
  summary: ImportSummary,
  messages: number,
  startedAt: Date,
) {
  const origin = "cli" in options.origin ? "cli-import" : "upload";
  await transaction(async (tx) => {
    // The import's signed receipt: one mailbox, the file(s) as one folder.
    const receipt = await sealImportReceipt(tx, {
      receiptId: newRunId(),
      sourceId: options.sourceId,
      origin,
      actor: options.actor,
      startedAt,
      error: null,
      mailboxes: [
        {
          mailbox: options.userEmail,
          status: "imported",
          reason: null,
          excluded: [],
          folders: [
            receiptFolder({
              folder: `(${origin})`,
              seen: messages,
              stored: summary.imported,
              alreadyArchived: summary.duplicates,
              failed: summary.failed.map((failure) => ({ item: `item ${failure.index}`, reason: failure.reason })),
              providerCount: null,
            }),
          ],
        },
      ],
    });
    await appendAuditEntry(tx, {
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
        receipt,
      },
    });
  });
}
