import { describeStoreError } from "../../archive/store/describe-store-error";
import { AttachmentTexts } from "./attachment-texts";
import { prepareMessage } from "./prepare-message";
import type { IncomingMessage, IngestOutcome, PreparedBatch } from "./ingestion.types";
import { storePreparedBatch } from "./store-prepared-batch";

/** The mailbox an email is archived from, compared case-insensitively everywhere. */
export const normalizeMailbox = (userEmail: string) => userEmail.trim().toLowerCase();

/**
 * Parses one message into `batch`, requesting its attachment text without waiting for it; a message
 * that cannot be parsed gets its failed outcome instead. Storing the batch (storePreparedBatch) waits for the text.
 */
export async function addToBatch(batch: PreparedBatch, message: IncomingMessage, texts: AttachmentTexts): Promise<void> {
  const index = batch.outcomes.push({ status: "duplicate" }) - 1;
  try {
    batch.candidates.push({ index, prepared: await prepareMessage(message, texts) });
  } catch (error) {
    batch.outcomes[index] = { status: "failed", reason: describeStoreError(error) };
  }
}

/** Parses a batch of messages in memory, one outcome slot per message (see addToBatch). */
export async function prepareBatch(options: {
  sourceId: string;
  userEmail: string;
  messages: IncomingMessage[];
  texts: AttachmentTexts;
}): Promise<PreparedBatch> {
  const batch: PreparedBatch = { sourceId: options.sourceId, userEmail: normalizeMailbox(options.userEmail), outcomes: [], candidates: [] };
  for (const message of options.messages) await addToBatch(batch, message, options.texts);
  return batch;
}

/** Parses and stores one in-memory batch for one source and mailbox, unaudited (IMAP syncs, journaling); streams go through importMessageStream. */
export async function ingestBatch(options: { sourceId: string; userEmail: string; messages: IncomingMessage[] }): Promise<IngestOutcome[]> {
  return storePreparedBatch(await prepareBatch({ ...options, texts: new AttachmentTexts() }));
}
