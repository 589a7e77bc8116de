import { randomUUID } from "node:crypto";
import { pgPool, withPgTransaction } from "../db/pg-pool";
import { extractAttachmentText, type ExtractionResult } from "../attachment-text/extract-attachment-text";
import { storableText } from "../validation/storable-text";
import { searchEngine } from "../search/search-engine-factory";
import { blobKeyForHash } from "../storage/blob-store";
import { blobStore } from "../storage/blob-store-factory";
import { lockBlobsShared } from "../storage/blob-locks";
import { clearBlobIntents, recordBlobIntents } from "../storage/blob-intents";
import { releaseUnreferencedBlobs } from "../storage/release-unreferenced-blobs";
import { describeIngestError } from "./describe-ingest-error";
import { insertArchivedEmails, type EmailRow } from "./insert-archived-emails";
import { parseMessage, type ParsedMessage } from "./parse-message";
import { existingDedupeKeys } from "./existing-dedupe-keys";

export interface IncomingMessage {
  raw: Buffer;
  /** The source folder (IMAP folder, PST folder, mbox file name …). */
  path?: string;
  tags?: string[];
}

export type IngestOutcome = { status: "imported"; emailId: string } | { status: "duplicate" } | { status: "failed"; reason: string };

interface Candidate {
  index: number;
  message: IncomingMessage;
  parsed: ParsedMessage;
  dedupeKey: string;
  /** Attachment text by attachment hash (identical bytes are extracted once per batch). */
  texts: Map<string, ExtractionResult>;
}

/** The mailbox an email is archived from, compared case-insensitively everywhere. */
export const normalizeMailbox = (userEmail: string) => userEmail.trim().toLowerCase();

export const dedupeKeyOf = (parsed: ParsedMessage) => (parsed.messageIdHeader ? `mid:${parsed.messageIdHeader}` : `sha:${parsed.rawHashSha256}`);

/** A parsed batch waiting to be stored (parsing and storing run as a pipeline in importMessages). */
export interface PreparedBatch {
  sourceId: string;
  userEmail: string;
  outcomes: IngestOutcome[];
  candidates: Candidate[];
}

/** Parses a batch (CPU only); messages that cannot be parsed already carry their failed outcome. */
export async function prepareMessages(options: { sourceId: string; userEmail: string; messages: IncomingMessage[] }): Promise<PreparedBatch> {
  const outcomes: IngestOutcome[] = options.messages.map(() => ({ status: "duplicate" }));
  const candidates: Candidate[] = [];
  for (const [index, message] of options.messages.entries()) {
    try {
      const parsed = await parseMessage(message.raw);
      candidates.push({ index, message, parsed, dedupeKey: dedupeKeyOf(parsed), texts: new Map() });
    } catch (error) {
      outcomes[index] = { status: "failed", reason: describeIngestError(error) };
    }
  }
  await extractAttachmentTexts(candidates);
  return { sourceId: options.sourceId, userEmail: normalizeMailbox(options.userEmail), outcomes, candidates };
}

/** Attachment text for search (docs/ingestion.md); failures are kept on the attachment, never fatal. */
async function extractAttachmentTexts(candidates: Candidate[]): Promise<void> {
  const byHash = new Map<string, Promise<ExtractionResult>>();
  for (const candidate of candidates) {
    for (const attachment of candidate.parsed.attachments) {
      let result = byHash.get(attachment.hashSha256);
      if (!result) {
        result = extractAttachmentText({ bytes: attachment.bytes, mimeType: attachment.mimeType, filename: attachment.filename });
        byHash.set(attachment.hashSha256, result);
      }
      candidate.texts.set(attachment.hashSha256, await result);
    }
  }
}

/**
 * Stores a prepared batch; one outcome per message, in order. A bad message fails alone; it never
 * throws for one. Duplicates are decided by the unique index (source, mailbox, dedupe key), so
 * concurrent and repeated imports are safe. Bytes are durable in storage before the rows that
 * point at them commit.
 */
export async function storePreparedBatch(batch: PreparedBatch): Promise<IngestOutcome[]> {
  const { sourceId, userEmail, outcomes } = batch;
  const known = await existingDedupeKeys({ sourceId, userEmail, keys: batch.candidates.map((candidate) => candidate.dedupeKey) });
  const fresh = batch.candidates.filter((candidate) => !known.has(candidate.dedupeKey));
  if (fresh.length === 0) return outcomes;
  try {
    await storeBatch(sourceId, userEmail, fresh, outcomes);
  } catch {
    // One message the database refuses must not sink its neighbours: retry them one by one.
    for (const candidate of fresh) {
      try {
        await storeBatch(sourceId, userEmail, [candidate], outcomes);
      } catch (error) {
        outcomes[candidate.index] = { status: "failed", reason: describeIngestError(error) };
      }
    }
  }
  return outcomes;
}

/** Parses and stores a batch for one source and mailbox (see storePreparedBatch). */
export async function ingestMessages(options: { sourceId: string; userEmail: string; messages: IncomingMessage[] }): Promise<IngestOutcome[]> {
  return storePreparedBatch(await prepareMessages(options));
}

async function storeBatch(sourceId: string, userEmail: string, batch: Candidate[], outcomes: IngestOutcome[]): Promise<void> {
  const archivedAt = new Date();
  const rows = batch.map((candidate) => emailRow(sourceId, userEmail, candidate, archivedAt));
  const hashes = batch.flatMap((candidate) => [candidate.parsed.rawHashSha256, ...candidate.parsed.attachments.map((a) => a.hashSha256)]);
  // A crash after the bytes are written but before the rows commit leaves the intents behind,
  // and the lifecycle sweep removes the orphaned bytes (docs/archive.md).
  const intents = await recordBlobIntents(pgPool(), hashes);
  let inserted: Set<string>;
  try {
    inserted = await withPgTransaction(async (client) => {
      await lockBlobsShared(client, hashes);
      await writeBlobs(batch);
      const ids = await insertArchivedEmails(client, rows);
      await searchEngine().indexEmails(client, [...ids]);
      return ids;
    });
  } catch (error) {
    await releaseUnreferencedBlobs({ hashes }).catch(() => undefined);
    throw error;
  } finally {
    await clearBlobIntents(pgPool(), intents).catch(() => undefined);
  }
  batch.forEach((candidate, position) => {
    const id = rows[position].id;
    outcomes[candidate.index] = inserted.has(id) ? { status: "imported", emailId: id } : { status: "duplicate" };
  });
  const lostRaces = batch.filter((_, position) => !inserted.has(rows[position].id));
  if (lostRaces.length > 0) {
    await releaseUnreferencedBlobs({ hashes: lostRaces.flatMap((c) => [c.parsed.rawHashSha256, ...c.parsed.attachments.map((a) => a.hashSha256)]) });
  }
}

/** Blob writes wait on fsync; running several at once lets the file system batch its journal commits. */
const BLOB_WRITE_CONCURRENCY = 8;

async function writeBlobs(batch: Candidate[]): Promise<void> {
  const store = blobStore();
  const pending = new Map<string, Buffer>();
  for (const { message, parsed } of batch) {
    pending.set(parsed.rawHashSha256, message.raw);
    for (const attachment of parsed.attachments) pending.set(attachment.hashSha256, attachment.bytes);
  }
  const queue = [...pending];
  const writer = async () => {
    for (let next = queue.pop(); next; next = queue.pop()) await store.put({ key: blobKeyForHash(next[0]), bytes: next[1] });
  };
  await Promise.all(Array.from({ length: Math.min(BLOB_WRITE_CONCURRENCY, queue.length) }, writer));
}

const storableTextOrNull = (text: string | null | undefined) => (text === null || text === undefined ? null : storableText(text));

function emailRow(sourceId: string, userEmail: string, candidate: Candidate, archivedAt: Date): EmailRow {
  const { parsed, message } = candidate;
  const future = parsed.date !== null && parsed.date.getTime() > archivedAt.getTime();
  const threadRoot = parsed.references[0] ?? parsed.inReplyTo ?? (parsed.messageIdHeader || null);
  return {
    id: randomUUID(),
    ingestionSourceId: sourceId,
    userEmail,
    messageIdHeader: parsed.messageIdHeader,
    dedupeKey: candidate.dedupeKey,
    sentAt: parsed.date && !future ? parsed.date : archivedAt,
    sentAtFallback: future ? "future" : parsed.dateProblem,
    archivedAt,
    subject: parsed.subject,
    senderName: parsed.senderName,
    senderEmail: parsed.senderEmail,
    recipients: parsed.recipients,
    storagePath: blobKeyForHash(parsed.rawHashSha256),
    storageHashSha256: parsed.rawHashSha256,
    sizeBytes: parsed.sizeBytes,
    hasAttachments: parsed.attachments.length > 0,
    path: storableText((message.path ?? "").slice(0, 1000)),
    tags: (message.tags ?? []).map((tag) => storableText(tag.slice(0, 255))).filter(Boolean).slice(0, 100),
    threadKey: threadRoot ? threadRoot.toLowerCase() : null,
    inReplyTo: parsed.inReplyTo,
    references: parsed.references,
    bodyText: parsed.bodyText,
    attachments: parsed.attachments.map((attachment) => ({
      id: randomUUID(),
      filename: attachment.filename,
      mimeType: attachment.mimeType,
      sizeBytes: attachment.bytes.length,
      storagePath: blobKeyForHash(attachment.hashSha256),
      hashSha256: attachment.hashSha256,
      extractedText: storableTextOrNull(candidate.texts.get(attachment.hashSha256)?.text),
      extractionError: candidate.texts.get(attachment.hashSha256)?.error ?? null,
    })),
  };
}
