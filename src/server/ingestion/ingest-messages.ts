import { describeIngestError } from "./describe-ingest-error";
import { AttachmentTexts } from "./attachment-texts";
import { prepareMessage } from "./prepare-message";
import type { IncomingMessage, IngestOutcome, PreparedBatch } from "./ingestion.types";
import { storePreparedBatch } from "./store-prepared-batch";

/** The mailbox an email is archived from, compared case-insensitively everywhere. */
export const normalizeMailbox = (userEmail: string) => userEmail.trim().toLowerCase();

/**
 * Parses a batch, requesting attachment text as each message is parsed; messages that cannot be
 * parsed already carry their failed outcome. Storing it (storePreparedBatch) waits for the text.
 */
export async function prepareBatch(options: {
  sourceId: string;
  userEmail: string;
  messages: IncomingMessage[];
  texts: AttachmentTexts;
}): Promise<PreparedBatch> {
  const outcomes: IngestOutcome[] = options.messages.map(() => ({ status: "duplicate" }));
  const candidates: PreparedBatch["candidates"] = [];
  for (const [index, message] of options.messages.entries()) {
    try {
      candidates.push({ index, prepared: await prepareMessage(message, options.texts) });
    } catch (error) {
      outcomes[index] = { status: "failed", reason: describeIngestError(error) };
    }
  }
  return { sourceId: options.sourceId, userEmail: normalizeMailbox(options.userEmail), outcomes, candidates };
}

/** Parses and stores a batch for one source and mailbox (see storePreparedBatch). */
export async function ingestMessages(options: {
  sourceId: string;
  userEmail: string;
  messages: IncomingMessage[];
}): Promise<IngestOutcome[]> {
  return storePreparedBatch(await prepareBatch({ ...options, texts: new AttachmentTexts() }));
}
