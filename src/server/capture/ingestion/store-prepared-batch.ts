import type { ExtractionResult } from "../attachment-text/extract-attachment-text";
import { batchThenOneByOne } from "../../platform/db/batch-then-one-by-one";
import { pgPool, withPgTransaction } from "../../platform/db/pg-pool";
import { searchEngine } from "../../search/search-engine-factory";
import { blobKeyForHash } from "../../archive/storage/blob-store";
import { blobStore } from "../../archive/storage/blob-store-factory";
import type { SealedPut } from "../../archive/storage/sealed-blob-store";
import { clearBlobIntents, lockBlobsShared, recordBlobIntents } from "../../archive/storage/storage.queries";
import { releaseUnreferencedBlobs } from "../../archive/storage/release-unreferenced-blobs";
import { trySyncBlobRetention } from "../../retention/lifecycle/blob-retention";
import { describeIngestError } from "./describe-ingest-error";
import { emailRow, rowEnvelopeRecipients, rowPath } from "./email-row";
import { insertDuplicateOccurrences } from "../../archive/occurrences/occurrences.queries";
import type { IngestOutcome, PreparedBatch, PreparedMessage } from "./ingestion.types";
import { insertArchivedEmails } from "./email-rows.queries";
import { archivedRawHashesRecordingIntents } from "./ingestion.queries";

interface Ready {
  index: number;
  prepared: PreparedMessage;
  texts: Map<string, ExtractionResult>;
}

/**
 * Stores a prepared batch once its attachment text is there; one outcome per message, in order.
 * A bad message fails alone; it never throws for one. Duplicates are decided by the unique index
 * (source, mailbox, raw SHA-256), so concurrent and repeated imports are safe. Bytes are durable in
 * storage before the rows that point at them commit.
 */
export async function storePreparedBatch(batch: PreparedBatch): Promise<IngestOutcome[]> {
  const { outcomes } = batch;
  if (batch.candidates.length === 0) return outcomes;
  const texts = await Promise.all(batch.candidates.map((candidate) => candidate.prepared.texts));
  // Which messages are archived already, and the intents for the bytes of the others, in one round
  // trip: the intents commit before any byte is written, as recordBlobIntents does.
  const { known, intents } = await archivedRawHashesRecordingIntents(pgPool(), {
    sourceId: batch.sourceId,
    userEmail: batch.userEmail,
    hashes: batch.candidates.flatMap(({ prepared }) =>
      hashesOfPrepared(prepared).map((hash) => ({ hash, rawHash: prepared.parsed.rawHashSha256 })),
    ),
  });
  const ready: Ready[] = batch.candidates
    .map((candidate, position) => ({ ...candidate, texts: texts[position] }))
    .filter((candidate) => !known.has(candidate.prepared.parsed.rawHashSha256));
  // A known message seen again (another folder) is an occurrence of the email archived before.
  await recordSeenAgain(
    batch,
    batch.candidates.filter(({ prepared }) => known.has(prepared.parsed.rawHashSha256)),
  );
  if (ready.length === 0) return outcomes;
  // The first run is the whole batch, with the intents recorded above; a retry one by one records its own.
  let recorded: string[] | undefined = intents;
  // One message the database refuses must not sink its neighbours.
  await batchThenOneByOne(
    ready,
    (candidates) => {
      const own = recorded;
      recorded = undefined;
      return storeBatch(batch, candidates, own);
    },
    (candidate, error) => (outcomes[candidate.index] = { status: "failed", reason: describeIngestError(error) }),
  );
  return outcomes;
}

const hashesOfPrepared = (prepared: PreparedMessage) => [
  prepared.parsed.rawHashSha256,
  ...prepared.parsed.attachments.map((a) => a.hashSha256),
];
const hashesOf = ({ prepared }: Ready) => hashesOfPrepared(prepared);

/** `recorded`: the intents of exactly these messages' bytes, already committed (else recorded here). */
async function storeBatch(batch: PreparedBatch, ready: Ready[], recorded?: string[]): Promise<void> {
  const archivedAt = new Date();
  const rows = ready.map(({ prepared, texts }) =>
    emailRow({ sourceId: batch.sourceId, userEmail: batch.userEmail, prepared, texts, archivedAt }),
  );
  const hashes = ready.flatMap(hashesOf);
  // A crash after the bytes are written but before the rows commit leaves the intents behind,
  // and the lifecycle sweep removes the orphaned bytes (docs/archive.md).
  const intents = recorded ?? (await recordBlobIntents(pgPool(), hashes));
  let inserted: Set<string>;
  try {
    inserted = await withPgTransaction(async (client) => {
      await lockBlobsShared(client, hashes);
      const engine = searchEngine();
      // The bytes are written while PostgreSQL inserts and indexes the rows. Both settle before
      // COMMIT or ROLLBACK, so no write can land after the clean-up below has looked.
      // The intents are cleared by the insert's statement, so with the commit that references the
      // bytes (no separate commit to wait for); a failure rolls the clearing back with the rows.
      const [insert, write] = await Promise.allSettled([
        insertArchivedEmails(client, rows, { searchVector: engine.name === "postgres", clearIntents: intents }),
        writeBlobs(ready),
      ]);
      if (write.status === "rejected") throw write.reason;
      if (insert.status === "rejected") throw insert.reason;
      // PostgreSQL search: the rows were inserted with their vector already.
      if (engine.name !== "postgres") await engine.indexEmails(client, [...insert.value]);
      return insert.value;
    });
  } catch (error) {
    await releaseUnreferencedBlobs({ hashes }).catch(() => undefined);
    await clearBlobIntents(pgPool(), intents).catch(() => undefined);
    throw error;
  }
  ready.forEach((candidate, position) => {
    const id = rows[position].id;
    batch.outcomes[candidate.index] = inserted.has(id) ? { status: "imported", emailId: id } : { status: "duplicate" };
  });
  await trySyncBlobRetention([...inserted]);
  const lostRaces = ready.filter((_, position) => !inserted.has(rows[position].id));
  if (lostRaces.length > 0) {
    // The insert's statement saw neither the row it lost to nor so its id: record the occurrences now.
    await recordSeenAgain(batch, lostRaces);
    await releaseUnreferencedBlobs({ hashes: lostRaces.flatMap(hashesOf) });
  }
}

/** The occurrences of messages archived before this batch stored them (one INSERT; docs/archive.md, "Occurrences"). */
async function recordSeenAgain(batch: PreparedBatch, candidates: { prepared: PreparedMessage }[]): Promise<void> {
  if (candidates.length === 0) return;
  await insertDuplicateOccurrences(pgPool(), {
    sourceId: batch.sourceId,
    userEmail: batch.userEmail,
    seen: candidates.map(({ prepared }) => ({
      rawHash: prepared.parsed.rawHashSha256,
      folder: rowPath(prepared.message),
      envelopeRecipients: rowEnvelopeRecipients(prepared.message),
    })),
  });
}

/**
 * The batch's blobs: each attachment once, each raw message with its attachments, which the store
 * takes out of it when it can rebuild it exactly (single-instance attachments, storage/single-instance.ts).
 */
async function writeBlobs(ready: Ready[]): Promise<void> {
  const pending = new Map<string, SealedPut>();
  for (const { prepared } of ready) {
    const attachments = prepared.parsed.attachments.map((attachment) => ({ hash: attachment.hashSha256, bytes: attachment.bytes }));
    for (const { hash, bytes } of attachments) pending.set(hash, { key: blobKeyForHash(hash), bytes });
    const rawHash = prepared.parsed.rawHashSha256;
    pending.set(rawHash, { key: blobKeyForHash(rawHash), bytes: prepared.message.raw, attachments });
  }
  await blobStore().putMany([...pending.values()]);
}
