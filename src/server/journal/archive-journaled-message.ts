import { AttachmentTexts } from "../ingestion/attachment-texts";
import { prepareBatch } from "../ingestion/ingest-messages";
import type { IngestOutcome, MessageEnvelope } from "../ingestion/ingestion.types";
import type { ParsedMessage } from "../ingestion/parse-message";
import { storePreparedBatch } from "../ingestion/store-prepared-batch";
import { unwrapJournalReport } from "./journal-report";
import { SmtpReply } from "./journal-routing";
import type { JournalSource } from "./journal-sources";

/** The mailbox of a journal source's emails when it has no journal address (docs/journaling.md). */
export const CATCH_ALL_MAILBOX = "journal";

export const journalMailbox = (source: JournalSource) => source.recipientAddress ?? CATCH_ALL_MAILBOX;

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();

/**
 * The internal-domain addresses among the sender and every recipient (header or envelope): the
 * people whose `userEmail` role condition shows them this email (docs/journaling.md, "Who sees what").
 */
export function internalParticipants(parsed: ParsedMessage, envelope: MessageEnvelope, internalDomains: string[]): string[] {
  const domains = new Set(internalDomains);
  const addresses = [envelope.from, parsed.senderEmail, ...envelope.recipients, ...parsed.recipients.map((recipient) => recipient.email)];
  return [...new Set(addresses.map((address) => address.trim().toLowerCase()))].filter((address) => address.includes("@") && domains.has(domainOf(address)));
}

/** One text cache for the process: attachments recur across journaled messages as in any import. */
let texts: AttachmentTexts | undefined;

/**
 * Archives one journaled message into `source`: an Exchange journal report is unwrapped first (its
 * original message with the report's envelope), else the SMTP envelope is kept. Resolves only once
 * the row is committed and the bytes are durable (storePreparedBatch); a message that cannot be read
 * as a message at all is refused with 554, and every other failure throws (the listener answers 451).
 */
export async function archiveJournaledMessage(options: { source: JournalSource; raw: Buffer; envelope: MessageEnvelope }): Promise<IngestOutcome> {
  const { source } = options;
  const unwrapped = await unwrapJournalReport(options.raw);
  const envelope = unwrapped?.envelope ?? options.envelope;
  const batch = await prepareBatch({
    sourceId: source.id,
    userEmail: journalMailbox(source),
    messages: [{ raw: unwrapped?.raw ?? options.raw, envelope }],
    texts: (texts ??= new AttachmentTexts()),
  });
  const [refused] = batch.outcomes;
  if (batch.candidates.length === 0 && refused?.status === "failed") throw new SmtpReply(554, `5.6.0 Message cannot be archived: ${refused.reason}`);
  for (const candidate of batch.candidates) {
    const { prepared } = candidate;
    candidate.prepared = { ...prepared, message: { ...prepared.message, participantEmails: internalParticipants(prepared.parsed, envelope, source.internalDomains) } };
  }
  const [outcome] = await storePreparedBatch(batch);
  if (outcome.status === "failed") throw new Error(`archiving failed: ${outcome.reason}`);
  return outcome;
}
