import { pgPool, withPgTransaction } from "../../platform/db/pg-pool";
import type { SqlClient } from "../../platform/db/sql-client";
import { forEachConcurrently } from "../../platform/concurrency/for-each-concurrently";
import { BLOB_REFERENCES, blobReferencePages } from "./blob-references.queries";
import { keptArchiveStats, utcMonthStart } from "../archive-stats";
import { isBlobKey } from "./blob-store";
import { blobStore } from "./blob-store-factory";
import { replaceStorageUsage, selectStorageUsage, upsertBlobStoredSizes } from "./storage.queries";

const CONCURRENCY = 8;

/**
 * The worker's storage usage pass (docs/operations.md, "Storage figures"): the size every referenced
 * blob takes in the store (a `stat` per file, a HEAD per S3 object), then the figures per source and
 * in total from those sizes, replaced in one transaction. Measured, never estimated: the figures are
 * as of the pass, which the status and the dashboard show with them.
 */
export async function measureStorageUsage(): Promise<Date> {
  const measuredAt = new Date();
  const store = blobStore();
  for (const reference of BLOB_REFERENCES) {
    for await (const page of blobReferencePages(pgPool(), reference)) {
      const sizes: { key: string; bytes: number }[] = [];
      // A path that is not a blob key names no stored bytes (rows from before content addressing,
      // test fixtures): nothing to measure; `check` is where a missing blob is reported.
      const keys = [...new Set(page.map((row) => row.key))].filter(isBlobKey);
      await forEachConcurrently(keys, CONCURRENCY, async (key) => {
        const bytes = await store.storedSize(key);
        if (bytes !== null) sizes.push({ key, bytes });
      });
      await upsertBlobStoredSizes(pgPool(), sizes, measuredAt);
    }
  }
  await withPgTransaction((client) => replaceStorageUsage(client, measuredAt));
  return measuredAt;
}

/** At least this long between two passes the archive's changes start (and 10 times the last pass's duration). */
const REMEASURE_AFTER_CHANGE_MS = 60_000;
let lastPassMs = 0;

/**
 * Measures again when the archive changed since the last pass (an import, a deletion: the kept
 * counts no longer match the measured ones), or when nothing was measured yet; the worker calls it
 * every minute, so the figures follow imports and deletions within minutes instead of waiting for
 * the 6-hourly pass. Passes stay apart by at least a minute and ten times the last pass's duration,
 * so a large archive under steady ingestion spends at most a tenth of its time measuring.
 * Answers whether it measured.
 */
export async function measureStorageUsageIfChanged(options: { now?: Date } = {}): Promise<boolean> {
  const usage = await storageUsage();
  if (usage && !usage.archiveChangedSince) return false;
  const now = options.now ?? new Date();
  if (usage && now.getTime() - Date.parse(usage.measuredAt) < Math.max(REMEASURE_AFTER_CHANGE_MS, 10 * lastPassMs)) return false;
  const started = Date.now();
  await measureStorageUsage();
  lastPassMs = Date.now() - started;
  return true;
}

export interface StorageFigures {
  logicalBytes: number;
  storedBytes: number;
  /** logicalBytes - storedBytes: negative when the store holds more than was archived (attachments kept twice). */
  savedBytes: number;
  /** storedBytes / logicalBytes; null for an empty archive. */
  storedRatio: number | null;
  emails: number;
}

export interface StorageUsage {
  measuredAt: string;
  /** The archive's kept counts (emails, logical bytes) differ from the measured ones: imports or deletions since the pass. */
  archiveChangedSince: boolean;
  total: StorageFigures;
  sources: (StorageFigures & { sourceId: string; name: string | null })[];
}

const figures = (row: { logical_bytes: string; stored_bytes: string; emails: string }): StorageFigures => {
  const logicalBytes = Number(row.logical_bytes);
  const storedBytes = Number(row.stored_bytes);
  return {
    logicalBytes,
    storedBytes,
    savedBytes: logicalBytes - storedBytes,
    storedRatio: logicalBytes > 0 ? Math.round((storedBytes / logicalBytes) * 1000) / 1000 : null,
    emails: Number(row.emails),
  };
};

/** The figures of the last pass; null before the first. */
export async function storageUsage(client: SqlClient = pgPool()): Promise<StorageUsage | null> {
  const rows = await selectStorageUsage(client);
  const total = rows.find((row) => row.scope === "total");
  if (!total) return null;
  const kept = await keptArchiveStats(utcMonthStart(new Date(), 0));
  return {
    measuredAt: total.measured_at.toISOString(),
    archiveChangedSince: kept.emails !== Number(total.emails) || kept.bytes !== Number(total.logical_bytes),
    total: figures(total),
    sources: rows.filter((row) => row.scope !== "total").map((row) => ({ sourceId: row.scope, name: row.source_name, ...figures(row) })),
  };
}
