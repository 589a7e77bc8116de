import { recordImportOutcome } from "../receipts/record-import-outcome";
import type { AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { handled } from "../../platform/concurrency/handled";
import { prefetchWindow } from "../../platform/concurrency/prefetch-window";
import { newRunId, receiptFolder } from "../receipts/import-receipt";
import { AttachmentTexts } from "./attachment-texts";
import { addToBatch, normalizeMailbox } from "./ingest-batch";
import type { IngestOutcome, PreparedBatch } from "./ingestion.types";
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

/** What became of one folder's items (an mbox's, a zip folder's, a .pst folder's), for the receipt. */
interface FolderCounts {
  seen: number;
  stored: number;
  alreadyArchived: number;
  failed: { item: string; reason: string }[];
}

/** The receipt's folders, one per item path in the order first seen; items without one are the import's own folder. */
class FolderTally {
  private readonly folders = new Map<string, FolderCounts>();
  private readonly folderOfIndex = new Map<number, FolderCounts>();

  constructor(private readonly unnamed: string) {}

  seen(index: number, path: string | undefined) {
    const name = path || this.unnamed;
    let counts = this.folders.get(name);
    if (!counts) this.folders.set(name, (counts = { seen: 0, stored: 0, alreadyArchived: 0, failed: [] }));
    counts.seen++;
    this.folderOfIndex.set(index, counts);
  }

  settled(index: number, outcome: { status: "imported" } | { status: "duplicate" } | { status: "failed"; reason: string }) {
    const counts = this.folderOfIndex.get(index);
    this.folderOfIndex.delete(index);
    if (!counts) return;
    if (outcome.status === "imported") counts.stored++;
    else if (outcome.status === "duplicate") counts.alreadyArchived++;
    else counts.failed.push({ item: `item ${index}`, reason: outcome.reason });
  }

  receiptFolders() {
    if (this.folders.size === 0) this.folders.set(this.unnamed, { seen: 0, stored: 0, alreadyArchived: 0, failed: [] });
    return [...this.folders].map(([folder, counts]) => receiptFolder({ folder, ...counts, providerCount: null }));
  }
}

/** A batch is flushed at this many messages or bytes, whichever comes first. */
const BATCH_MESSAGES = 200;
const BATCH_BYTES = 4 * 1024 * 1024;
/**
 * Batches stored at once, each in its own transaction: while PostgreSQL inserts one batch (most of
 * its work is the search vectors), the next one's bytes are written and its insert runs beside it,
 * so both cores are used (docs/ingestion.md, "Batches").
 */
const STORES_AT_ONCE = 2;
/** Flushed batches not yet settled (those storing, and one waiting for its attachment text) before reading pauses. */
const MAX_UNSETTLED_BATCHES = STORES_AT_ONCE + 1;

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
  const origin = importOrigin(options.origin);
  const tally = new FolderTally(`(${origin})`);
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
  // and PostgreSQL stores, each on different batches. A batch starts storing when one of the
  // STORES_AT_ONCE slots is free; outcomes are settled in the items' order whichever commits first.
  const stores = prefetchWindow(STORES_AT_ONCE);
  /** The first store that failed: no batch starts after it, and the import throws it once the others settle. */
  let failure: { error: unknown } | undefined;
  let settling: Promise<void> = Promise.resolve();
  const unsettled: Promise<void>[] = [];
  const settle = (indexes: number[], outcomes: IngestOutcome[]) => {
    outcomes.forEach((outcome, position) => {
      tally.settled(indexes[position], outcome);
      if (outcome.status === "imported") summary.imported++;
      else if (outcome.status === "duplicate") summary.duplicates++;
      else summary.failed.push({ index: indexes[position], reason: outcome.reason });
    });
    options.onProgress?.({ messages: indexes[indexes.length - 1] + 1, bytes, summary });
  };
  const flush = async () => {
    if (batchIndexes.length === 0) return;
    const [flushed, indexes] = [batch, batchIndexes];
    [batch, batchIndexes, batchBytes] = [newBatch(), [], 0];
    // null: not stored, because this or an earlier store failed (a batch stored beside the failed one
    // is still settled: its rows are committed).
    const stored = stores.fetch([flushed], async (prepared): Promise<IngestOutcome[] | null> => {
      if (failure) return null;
      try {
        return await storePreparedBatch(prepared);
      } catch (error) {
        failure ??= { error };
        return null;
      }
    });
    settling = settling.then(async () => {
      const outcomes = await stored.next();
      if (outcomes) settle(indexes, outcomes);
    });
    // Awaited below or in `finally` (it rejects only if onProgress throws); marked handled so that is not reported twice.
    unsettled.push(handled(settling));
    while (unsettled.length > MAX_UNSETTLED_BATCHES) await unsettled.shift();
    if (failure) throw failure.error;
  };
  try {
    for await (const item of options.items) {
      tally.seen(index, item.path);
      if ("error" in item) {
        summary.failed.push({ index, reason: item.error });
        tally.settled(index, { status: "failed", reason: item.error });
      } else {
        batchIndexes.push(index);
        await addToBatch(batch, item, texts);
        batchBytes += item.raw.length;
        bytes += item.raw.length;
      }
      index++;
      if (batchIndexes.length >= BATCH_MESSAGES || batchBytes >= BATCH_BYTES) await flush();
    }
    await flush();
    await settling;
    if (failure) throw failure.error;
  } finally {
    await settling.catch(() => undefined);
    await recordImport(options, origin, summary, tally, startedAt);
  }
  summary.failed.sort((a, b) => a.index - b.index);
  return summary;
}

/** The receipt's `origin`: the command line's, else an upload's. */
const importOrigin = (origin: Record<string, unknown>) => ("cli" in origin ? "cli-import" : "upload");

async function recordImport(
  options: { actor: AuditActor; sourceId: string; userEmail: string; origin: Record<string, unknown> },
  origin: string,
  summary: ImportSummary,
  tally: FolderTally,
  startedAt: Date,
) {
  const folders = tally.receiptFolders();
  const messages = folders.reduce((total, folder) => total + folder.seen, 0);
  await transaction(async (tx) => {
    // The import's signed receipt: one mailbox, a folder per path its items came from (an mbox's
    // name, a zip's or a .pst's folders), the rest as the import's own folder.
    await recordImportOutcome(tx, {
      receipt: {
        receiptId: newRunId(),
        sourceId: options.sourceId,
        origin,
        actor: options.actor,
        startedAt,
        error: null,
        mailboxes: [{ mailbox: options.userEmail, status: "imported", reason: null, excluded: [], folders }],
      },
      details: {
        userEmail: options.userEmail,
        ...options.origin,
        messages,
        imported: summary.imported,
        duplicates: summary.duplicates,
        failed: summary.failed.length,
      },
    });
  });
}
