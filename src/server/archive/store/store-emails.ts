import { batchThenOneByOne } from "../../platform/db/batch-then-one-by-one";
import { pgPool, withPgTransaction } from "../../platform/db/pg-pool";
import type { SqlClient } from "../../platform/db/sql-client";
import { blobKeyForHash } from "../storage/blob-store";
import { blobStore } from "../storage/blob-store-factory";
import type { SealedPut } from "../storage/sealed-blob-store";
import { clearBlobIntents, lockBlobsShared, recordBlobIntents } from "../storage/storage.queries";
import { releaseUnreferencedBlobs } from "../storage/release-unreferenced-blobs";
import { insertDuplicateOccurrences } from "../occurrences/occurrences.queries";
import { describeStoreError } from "./describe-store-error";
import { insertArchivedEmails, type EmailRow } from "./email-rows.queries";
import { archivedRawHashesRecordingIntents } from "./stored-hashes.queries";

/** One email to archive: its rows, as capture built them, and the bytes they point at. */
export interface EmailToStore {
  row: EmailRow;
  raw: Buffer;
  /** The attachments' bytes, by the hashes the row's attachments name. */
  attachments: { hash: string; bytes: Buffer }[];
}

export type StoreOutcome = { status: "imported"; emailId: string } | { status: "duplicate" } | { status: "failed"; reason: string };

/**
 * How the search engine sees new rows, handed in from above (search is a higher layer): PostgreSQL
 * search writes each row with its vector in the insert; another engine indexes the ids in the
 * storing transaction.
 */
export interface StoreIndexing {
  vectorInRow: boolean;
  indexInTransaction(client: SqlClient, emailIds: string[]): Promise<void>;
}

interface Pending {
  position: number;
  email: EmailToStore;
}

/**
 * Archives emails of one source and mailbox (docs/archive.md, "What an archived email is"): the
 * one entry point that writes archived_emails, attachments, occurrences and the bytes. One outcome
 * per email, in order; a bad email fails alone, it never throws for one. Duplicates are decided by
 * the unique index (source, mailbox, raw SHA-256), so concurrent and repeated imports are safe.
 * Bytes are durable in storage before the rows that point at them commit.
 */
export async function storeEmails(
  batch: { sourceId: string; userEmail: string; emails: EmailToStore[] },
  indexing: StoreIndexing,
): Promise<StoreOutcome[]> {
  const outcomes: StoreOutcome[] = batch.emails.map(() => ({ status: "duplicate" }));
  if (batch.emails.length === 0) return outcomes;
  // Which messages are archived already, and the intents for the bytes of the others, in one round
  // trip: the intents commit before any byte is written, as recordBlobIntents does.
  const { known, intents } = await archivedRawHashesRecordingIntents(pgPool(), {
    sourceId: batch.sourceId,
    userEmail: batch.userEmail,
    hashes: batch.emails.flatMap((email) => hashesOf(email).map((hash) => ({ hash, rawHash: email.row.storageHashSha256 }))),
  });
  const all = batch.emails.map((email, position) => ({ email, position }));
  // A known message seen again (another folder) is an occurrence of the email archived before.
  await recordSeenAgain(
    batch,
    all.filter(({ email }) => known.has(email.row.storageHashSha256)),
  );
  const ready = all.filter(({ email }) => !known.has(email.row.storageHashSha256));
  if (ready.length === 0) return outcomes;
  // The first run is the whole batch, with the intents recorded above; a retry one by one records its own.
  let recorded: string[] | undefined = intents;
  // One message the database refuses must not sink its neighbours.
  await batchThenOneByOne(
    ready,
    (pending) => {
      const own = recorded;
      recorded = undefined;
      return storeTogether(batch, pending, outcomes, indexing, own);
    },
    (pending, error) => (outcomes[pending.position] = { status: "failed", reason: describeStoreError(error) }),
  );
  return outcomes;
}

const hashesOf = (email: EmailToStore) => [email.row.storageHashSha256, ...email.attachments.map((attachment) => attachment.hash)];

/** `recorded`: the intents of exactly these emails' bytes, already committed (else recorded here). */
async function storeTogether(
  batch: { sourceId: string; userEmail: string },
  pending: Pending[],
  outcomes: StoreOutcome[],
  indexing: StoreIndexing,
  recorded?: string[],
): Promise<void> {
  const rows = pending.map(({ email }) => email.row);
  const hashes = pending.flatMap(({ email }) => hashesOf(email));
  // A crash after the bytes are written but before the rows commit leaves the intents behind,
  // and the lifecycle sweep removes the orphaned bytes (docs/archive.md).
  const intents = recorded ?? (await recordBlobIntents(pgPool(), hashes));
  let inserted: Set<string>;
  try {
    inserted = await withPgTransaction(async (client) => {
      await lockBlobsShared(client, hashes);
      // The bytes are written while PostgreSQL inserts and indexes the rows. Both settle before
      // COMMIT or ROLLBACK, so no write can land after the clean-up below has looked.
      // The intents are cleared by the insert's statement, so with the commit that references the
      // bytes (no separate commit to wait for); a failure rolls the clearing back with the rows.
      const [insert, write] = await Promise.allSettled([
        insertArchivedEmails(client, rows, { searchVector: indexing.vectorInRow, clearIntents: intents }),
        writeBlobs(pending),
      ]);
      if (write.status === "rejected") throw write.reason;
      if (insert.status === "rejected") throw insert.reason;
      await indexing.indexInTransaction(client, [...insert.value]);
      return insert.value;
    });
  } catch (error) {
    await releaseUnreferencedBlobs({ hashes }).catch(() => undefined);
    await clearBlobIntents(pgPool(), intents).catch(() => undefined);
    throw error;
  }
  for (const { email, position } of pending) {
    outcomes[position] = inserted.has(email.row.id) ? { status: "imported", emailId: email.row.id } : { status: "duplicate" };
  }
  const lostRaces = pending.filter(({ email }) => !inserted.has(email.row.id));
  if (lostRaces.length > 0) {
    // The insert's statement saw neither the row it lost to nor so its id: record the occurrences now.
    await recordSeenAgain(batch, lostRaces);
    await releaseUnreferencedBlobs({ hashes: lostRaces.flatMap(({ email }) => hashesOf(email)) });
  }
}

/** The occurrences of messages archived before this batch stored them (one INSERT; docs/archive.md, "Occurrences"). */
async function recordSeenAgain(batch: { sourceId: string; userEmail: string }, seen: Pending[]): Promise<void> {
  if (seen.length === 0) return;
  await insertDuplicateOccurrences(pgPool(), {
    sourceId: batch.sourceId,
    userEmail: batch.userEmail,
    seen: seen.map(({ email }) => ({
      rawHash: email.row.storageHashSha256,
      folder: email.row.path,
      envelopeRecipients: email.row.envelopeRecipients,
    })),
  });
}

/**
 * The blobs: each attachment once, each raw message with its attachments, which the store takes
 * out of it when it can rebuild it exactly (single-instance attachments, storage/single-instance.ts).
 */
async function writeBlobs(pending: Pending[]): Promise<void> {
  const blobs = new Map<string, SealedPut>();
  for (const { email } of pending) {
    for (const { hash, bytes } of email.attachments) blobs.set(hash, { key: blobKeyForHash(hash), bytes });
    const rawHash = email.row.storageHashSha256;
    blobs.set(rawHash, { key: blobKeyForHash(rawHash), bytes: email.raw, attachments: email.attachments });
  }
  await blobStore().putMany([...blobs.values()]);
}
