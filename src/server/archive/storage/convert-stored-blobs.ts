import path from "node:path";
import { config } from "../../platform/config/env";
import { pgPool, withPgTransaction } from "../../platform/db/pg-pool";
import type { SqlClient } from "../../platform/db/sql-client";
import { enqueueJob } from "../../platform/jobs/enqueue-job";
import { selectUnfinishedJob } from "../../platform/jobs/jobs.queries";
import { forEachConcurrently } from "../../platform/concurrency/for-each-concurrently";
import { sha256Hex } from "../../platform/operations/copy-blob-to-backup";
import {
  BLOB_REFERENCES,
  countBlobReferences,
  selectBlobReferencePage,
  type BlobReferenceRow,
} from "../../platform/operations/operations.queries";
import { BlobUnreadableError } from "./blob-envelope";
import { BlobNotFoundError, isRetained } from "./blob-store";
import { blobStore } from "./blob-store-factory";
import { measureStorageUsage } from "./storage-usage";
import {
  ensureStorageConversionRow,
  lockBlobsShared,
  lockStorageConversion,
  recordStorageConversionStep,
  selectStorageConversion,
} from "./storage.queries";

/**
 * The background conversion of an installation's blobs to the sealed format (docs/operations.md,
 * "Storage encryption"): every blob the database references, read, opened, checked against its name
 * and written back sealed (atomically: a reader meets the old or the new file, both of which open).
 * It walks the emails, then the attachments, in keyset pages; each page is one transaction that
 * holds the conversion's row (one page at a time, whatever the workers) and the blobs' shared locks
 * (a deletion waits, so no deleted blob is written back), and records the cursor and the counts
 * with it, so a stopped conversion resumes at the page after the last one recorded.
 */
export const STORAGE_CONVERSION_JOB = "storage-conversion";

const PAGE = 200;
const CONCURRENCY = 8;
/** A job converts pages for this long, then queues the next step (a job holds its claim for 30 minutes at most). */
const STEP_MS = 20_000;

/**
 * Queues the conversion unless it is done, queued or running, or nothing is sealed (STORAGE_ENCRYPTION and
 * STORAGE_COMPRESSION both false). The worker calls it at its start; answers whether it queued a step.
 */
export async function startStorageConversion(): Promise<boolean> {
  const { encrypt, compress } = config.storageSealing;
  if (!encrypt && !compress) return false;
  const row =
    (await selectStorageConversion(pgPool())) ??
    (await ensureStorageConversionRow(pgPool(), await countBlobReferences(pgPool(), BLOB_REFERENCES)));
  if (row.finished_at) return false;
  if (await selectUnfinishedJob(pgPool(), STORAGE_CONVERSION_JOB)) return false;
  await enqueueJob({ type: STORAGE_CONVERSION_JOB });
  return true;
}

/** The job: converts pages for STEP_MS, then queues itself again unless the conversion is finished (then measures the figures). */
export async function runStorageConversionJob(): Promise<void> {
  const deadline = Date.now() + STEP_MS;
  while (Date.now() < deadline) {
    if (await convertStoredBlobsPage()) {
      // The stored sizes changed: the figures are measured again (docs/operations.md, "Storage figures").
      await measureStorageUsage();
      return;
    }
  }
  await enqueueJob({ type: STORAGE_CONVERSION_JOB });
}

interface PageCounts {
  examined: number;
  converted: number;
  skipped: number;
}

/** Converts the next page; answers true when the conversion is finished (or has no row). */
export async function convertStoredBlobsPage(pageSize = PAGE): Promise<boolean> {
  return withPgTransaction(async (client) => {
    const row = await lockStorageConversion(client);
    if (!row || row.finished_at) return true;
    const index = Math.max(
      0,
      BLOB_REFERENCES.findIndex((reference) => reference.kind === row.phase),
    );
    const reference = BLOB_REFERENCES[index];
    const page = await selectBlobReferencePage(client, reference, row.phase === reference.kind ? row.after_id : null, pageSize);
    const counts = await convertPage(client, page);
    const phaseDone = page.length < pageSize;
    const finished = phaseDone && index === BLOB_REFERENCES.length - 1;
    await recordStorageConversionStep(client, {
      ...counts,
      phase: phaseDone && !finished ? BLOB_REFERENCES[index + 1].kind : reference.kind,
      afterId: phaseDone ? null : page[page.length - 1].id,
      finished,
    });
    return finished;
  });
}

async function convertPage(client: SqlClient, page: BlobReferenceRow[]): Promise<PageCounts> {
  const counts: PageCounts = { examined: 0, converted: 0, skipped: 0 };
  await lockBlobsShared(
    client,
    page.map((row) => row.hash),
  );
  // Rows sharing a blob (an attachment in several messages) convert it once.
  const keys = [...new Set(page.map((row) => row.key))];
  counts.examined = page.length;
  await forEachConcurrently(keys, CONCURRENCY, async (key) => {
    const outcome = await convertBlob(key);
    if (outcome === "converted") counts.converted++;
    if (outcome === "skipped") counts.skipped++;
  });
  return counts;
}

/**
 * Seals one blob unless it is sealed as configured already. Left as it is (`skipped`): a blob that
 * is missing or does not open to its name (`check` reports those), and one immutability forbids
 * rewriting (retained on the local store; any on S3 with Object Lock, whose bucket would keep the
 * plain version anyway).
 */
async function convertBlob(key: string): Promise<"current" | "converted" | "skipped"> {
  const store = blobStore();
  const stored = await store.inner.get(key).catch((error: unknown) => {
    if (error instanceof BlobNotFoundError) return null;
    throw error;
  });
  if (!stored) return "skipped";
  if (store.isCurrent(stored)) return "current";
  const plain = await store.open(key, stored).catch((error: unknown) => {
    if (error instanceof BlobUnreadableError) return null;
    throw error;
  });
  if (!plain || sha256Hex(plain) !== path.basename(key)) return "skipped";
  if (config.storageImmutable) {
    if (store.name === "s3") return "skipped";
    const retention = await store.inner.retentionOf(key);
    if (retention && isRetained(retention)) return "skipped";
  }
  await store.inner.put({ key, bytes: await store.seal(key, plain), replace: true });
  return "converted";
}

/** The conversion's progress for the status page; null before the first worker start that needed one. */
export async function storageConversionProgress(client: SqlClient = pgPool()) {
  const row = await selectStorageConversion(client);
  if (!row) return null;
  return {
    total: Number(row.total),
    examined: Number(row.examined),
    converted: Number(row.converted),
    skipped: Number(row.skipped),
    startedAt: row.started_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}
