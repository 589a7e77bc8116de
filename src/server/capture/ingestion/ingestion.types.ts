import type { ExtractionResult } from "../attachment-text/extract-attachment-text";
import type { ParsedMessage } from "./parse-message";
import type { StoreOutcome } from "../../archive/store/store-emails";

/** Types shared along the ingestion pipeline (prepare, store, row building), so its imports run one way. */

export interface IncomingMessage {
  raw: Buffer;
  /** The source folder (IMAP folder, PST folder, mbox file name …). */
  path?: string;
  tags?: string[];
  /** The SMTP envelope of a journaled message (docs/journaling.md). */
  envelope?: MessageEnvelope;
  /** Lower-cased addresses, besides the mailbox, whose `userEmail` role conditions see the email. */
  participantEmails?: string[];
}

export interface MessageEnvelope {
  from: string;
  recipients: string[];
}

/** What became of one message: the archive's own outcome of storing it, or a failure to parse it. */
export type IngestOutcome = StoreOutcome;

/** A parsed message whose attachment text may still be on its way (extraction runs in a worker). */
export interface PreparedMessage {
  message: IncomingMessage;
  parsed: ParsedMessage;
  /** Attachment text by attachment hash. */
  texts: Promise<Map<string, ExtractionResult>>;
}

/** Parsed messages of one source and mailbox waiting to be stored; `index` is the position in `outcomes`. */
export interface PreparedBatch {
  sourceId: string;
  userEmail: string;
  outcomes: IngestOutcome[];
  candidates: { index: number; prepared: PreparedMessage }[];
}
