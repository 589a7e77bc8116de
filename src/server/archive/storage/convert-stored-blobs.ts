import path from "node:path";
import { config } from "../../platform/config/env";
import { pgPool, withPgTransaction } from "../../platform/db/pg-pool";
import type { SqlClient } from "../../platform/db/sql-client";
import { enqueueJob } from "../../platform/jobs/enqueue-job";
import { lockJobType, selectUnfinishedJob } from "../../platform/jobs/jobs.queries";
import { forEachConcurrently } from "../../platform/concurrency/for-each-concurrently";
import { sha256Hex } from "../../platform/crypto/sha256";
import {
  BLOB_REFERENCES,
  countBlobReferences,
  selectBlobReferencePage,
  type BlobReference,
  type BlobReferenceRow,
} from "./blob-references.queries";
import { BlobUnreadableError, isSkeleton } from "./blob-envelope";
import { BlobNotFoundError, isRetained } from "./blob-store";
import { blobStore } from "./blob-store-factory";
import type { SealedBlobStore } from "./sealed-blob-store";
import { MIN_ATTACHMENT_BYTES } from "./single-instance";
import { measureStorageUsage } from "./storage-usage";
import {
  ensureStorageConversionRow,
  lockBlobsShared,
  lockStorageConversion,
  recordFinishedStorageConversion,
  recordStorageConversionStep,
  restartStorageConversion,
  selectSkeletonCandidates,
  selectStorageConversion,
} from "./storage.queries";

/**
 * The background conversion of an installation's blobs to the sealed format (docs/operations.md,
 * "Storage encryption"): every blob the database references, read, opened, checked against its name
 * and written back sealed (atomically: a reader meets the old or the new file, both of which open).
 * A raw message stored whole (written before single-instance attachments) is written back as its
 * skeleton (single-instance.ts) when that rebuilds it byte for byte from its attachments as stored,
 * and stays whole otherwise.
 * It walks the emails, then the attachments, in keyset pages; each page is one transaction that
 * holds the conversion's row (one page at a time, whatever the workers) and the blobs' shared locks
 * (a deletion waits, so no deleted blob is written back), and records the cursor and the counts
 * with it, so a stopped conversion resumes at the page after the last one recorded.
 */
export const STORAGE_CONVERSION_JOB = "storage-conversion";

/**
 * The phase a finished conversion records. A conversion finished before messages were converted into
 * skeletons recorded its last phase ("attachment"): it is run again from the start.
 */
const FINISHED_PHASE = "finished:skeletons";
const PAGE = 200;
const CONCURRENCY = 8;
/** A job converts pages for this long, then queues the next step (other jobs get a worker between steps). */
const STEP_MS = 20_000;

/**
 * Queues the conversion unless it is done (by this version: one finished before whole messages were
 * turned into skeletons starts over), queued or running, or nothing is sealed (STORAGE_ENCRYPTION and
 * STORAGE_COMPRESSION both false). The worker calls it at its start; answers whether it queued a step.
 */
export async function startStorageConversion(): Promise<boolean> {
  const { encrypt, compress } = config.storageSealing;
  if (!encrypt && !compress) return false;
  // Workers starting together: one at a time, so the second finds the first one's job (not two jobs).
  return withPgTransaction(async (client) => {
    await lockJobType(client, STORAGE_CONVERSION_JOB);
    let row = await selectStorageConversion(client);
    if (!row) {
      const references = await countBlobReferences(client, BLOB_REFERENCES);
      // A new installation has nothing written before sealing (everything it writes is sealed):
      // its conversion is done before it starts, and its first start says nothing of one.
      if (references === 0) {
        await recordFinishedStorageConversion(client, FINISHED_PHASE);
        return false;
      }
      row = await ensureStorageConversionRow(client, references);
    }
    if (row.finished_at && row.phase === FINISHED_PHASE) return false;
    if (row.finished_at) await restartStorageConversion(client, await countBlobReferences(client, BLOB_REFERENCES));
    if (await selectUnfinishedJob(client, STORAGE_CONVERSION_JOB)) return false;
    await enqueueJob({ type: STORAGE_CONVERSION_JOB, client });
    return true;
  });
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
    const counts = await convertPage(client, reference, page);
    const phaseDone = page.length < pageSize;
    const finished = phaseDone && index === BLOB_REFERENCES.length - 1;
    await recordStorageConversionStep(client, {
      ...counts,
      phase: finished ? FINISHED_PHASE : phaseDone ? BLOB_REFERENCES[index + 1].kind : reference.kind,
      afterId: phaseDone ? null : page[page.length - 1].id,
      finished,
    });
    return finished;
  });
}

/** An attachment a raw message may be stored without. */
interface AttachmentRef {
  hash: string;
  key: string;
}

async function convertPage(client: SqlClient, reference: BlobReference, page: BlobReferenceRow[]): Promise<PageCounts> {
  const counts: PageCounts = { examined: 0, converted: 0, skipped: 0 };
  // A raw message's candidate attachments, by its key (rows sharing a message share its attachments).
  const attachmentsOf = new Map<string, AttachmentRef[]>();
  if (reference.kind === "email") {
    const keyOfEmail = new Map(page.map((row) => [row.id, row.key]));
    const candidates = await selectSkeletonCandidates(client, [...keyOfEmail.keys()], MIN_ATTACHMENT_BYTES);
    for (const candidate of candidates) {
      const key = keyOfEmail.get(candidate.email_id)!;
      const known = attachmentsOf.get(key) ?? [];
      if (!known.some((attachment) => attachment.hash === candidate.hash)) known.push({ hash: candidate.hash, key: candidate.key });
      attachmentsOf.set(key, known);
    }
  }
  // The attachments too: a skeleton needs them in the store when it replaces its message.
  await lockBlobsShared(client, [
    ...page.map((row) => row.hash),
    ...[...attachmentsOf.values()].flat().map((attachment) => attachment.hash),
  ]);
  // Rows sharing a blob (an attachment in several messages) convert it once.
  const keys = [...new Set(page.map((row) => row.key))];
  counts.examined = page.length;
  await forEachConcurrently(keys, CONCURRENCY, async (key) => {
    const outcome = await convertBlob(key, attachmentsOf.get(key) ?? []);
    if (outcome === "converted") counts.converted++;
    if (outcome === "skipped") counts.skipped++;
  });
  return counts;
}

/**
 * Seals one blob unless it is stored as this version would write it already. Left as it is (`skipped`):
 * a blob that is missing or does not open to its name (`check` reports those), and one immutability
 * forbids rewriting (retained on the local store; any on S3 with Object Lock, whose bucket would keep
 * the plain version anyway). `attachments`: those of a raw message, which it is stored without
 * when its skeleton rebuilds it exactly.
 */
async function convertBlob(key: string, attachments: AttachmentRef[]): Promise<"current" | "converted" | "skipped"> {
  const store = blobStore();
  const stored = await store.inner.get(key).catch((error: unknown) => {
    if (error instanceof BlobNotFoundError) return null;
    throw error;
  });
  if (!stored) return "skipped";
  const mayShrink = attachments.length > 0 && !isSkeleton(stored);
  if (store.isCurrent(stored) && !mayShrink) return "current";
  const plain = await openToName(store, key, stored);
  if (!plain) return "skipped";
  if (config.storageImmutable) {
    if (store.name === "s3") return "skipped";
    const retention = await store.inner.retentionOf(key);
    if (retention && isRetained(retention)) return "skipped";
  }
  const sealed = mayShrink ? await sealAsSkeleton(store, key, plain, attachments) : null;
  if (!sealed && store.isCurrent(stored)) return "current";
  await store.inner.put({ key, bytes: sealed ?? (await store.seal(key, plain)), replace: true });
  return "converted";
}

/** The plain bytes of `stored` when they open and hash to `key`'s name; null otherwise. */
async function openToName(store: SealedBlobStore, key: string, stored: Buffer): Promise<Buffer | null> {
  const plain = await store.open(key, stored).catch((error: unknown) => {
    if (error instanceof BlobUnreadableError || error instanceof BlobNotFoundError) return null;
    throw error;
  });
  return plain && sha256Hex(plain) === path.basename(key) ? plain : null;
}

/**
 * `plain` (a raw message) sealed as its skeleton, or null when none of `attachments` can be taken
 * out of it. The attachments are read as stored (each must open to its name), and the sealed
 * skeleton is opened again through the store and compared with `plain` byte for byte before it may
 * replace the whole message.
 */
async function sealAsSkeleton(store: SealedBlobStore, key: string, plain: Buffer, attachments: AttachmentRef[]): Promise<Buffer | null> {
  const found: { hash: string; bytes: Buffer }[] = [];
  for (const attachment of attachments) {
    const stored = await store.inner.get(attachment.key).catch((error: unknown) => {
      if (error instanceof BlobNotFoundError) return null;
      throw error;
    });
    const bytes = stored && (await openToName(store, attachment.key, stored));
    if (bytes && path.basename(attachment.key) === attachment.hash) found.push({ hash: attachment.hash, bytes });
  }
  if (found.length === 0) return null;
  const sealed = await store.seal(key, plain, found);
  if (!isSkeleton(sealed)) return null;
  const rebuilt = await store.open(key, sealed).catch(() => null);
  return rebuilt?.equals(plain) ? sealed : null;
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
