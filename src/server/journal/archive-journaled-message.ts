import { availableParallelism } from "node:os";
import { AttachmentTexts } from "../ingestion/attachment-texts";
import { normalizeMailbox, prepareBatch } from "../ingestion/ingest-batch";
import type { MessageEnvelope, PreparedBatch, PreparedMessage } from "../ingestion/ingestion.types";
import type { ParsedMessage } from "../ingestion/parse-message";
import { storePreparedBatch } from "../ingestion/store-prepared-batch";
import { storableText } from "../validation/storable-text";
import { createGroupCommit } from "./group-commit";
import { unwrapJournalReport } from "./journal-report";
import { SmtpReply } from "./journal-routing";
import type { JournalSource } from "./journal-sources";
import { mergeEnvelopes } from "./merge-envelopes";

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
  return [...new Set(addresses.map((address) => address.trim().toLowerCase()))].filter(
    (address) => address.includes("@") && domains.has(domainOf(address)),
  );
}

export interface JournaledMessage {
  source: JournalSource;
  raw: Buffer;
  envelope: MessageEnvelope;
}

/** `merged`: the bytes were archived already, and this transaction's envelope was added to that email. */
export type JournalOutcome =
  { status: "imported" | "merged"; emailId: string } | { status: "duplicate" } | { status: "failed"; reason: string };

/** One text cache for the process: attachments recur across journaled messages as in any import. */
let texts: AttachmentTexts | undefined;

/**
 * Parses one journaled message: an Exchange journal report is unwrapped first (its original
 * message with the report's envelope), else the SMTP envelope is kept. A message that cannot be
 * read as a message at all is refused with 554.
 */
async function prepareJournaledMessage(message: JournaledMessage): Promise<PreparedMessage> {
  const unwrapped = await unwrapJournalReport(message.raw);
  const envelope = normalizedEnvelope(unwrapped?.envelope ?? message.envelope);
  const batch = await prepareBatch({
    sourceId: message.source.id,
    userEmail: journalMailbox(message.source),
    messages: [{ raw: unwrapped?.raw ?? message.raw, envelope }],
    texts: (texts ??= new AttachmentTexts()),
  });
  const [refused] = batch.outcomes;
  const [candidate] = batch.candidates;
  if (!candidate)
    throw new SmtpReply(554, `5.6.0 Message cannot be archived: ${refused.status === "failed" ? refused.reason : "unreadable"}`);
  const { prepared } = candidate;
  return {
    ...prepared,
    message: { ...prepared.message, participantEmails: internalParticipants(prepared.parsed, envelope, message.source.internalDomains) },
  };
}

/** Lower-cased, storable and de-duplicated, as the rows keep it (so merging compares like with like). */
export const normalizedEnvelope = (envelope: MessageEnvelope): MessageEnvelope => ({
  from: storableText(envelope.from.slice(0, 320)),
  recipients: [...new Set(envelope.recipients.map((address) => storableText(address.trim().toLowerCase().slice(0, 320))))],
});

/** Several transactions with the same bytes in one group: one message with all their envelopes. */
function mergedMessage(same: PreparedMessage[]): PreparedMessage {
  const [first] = same;
  const envelopes = same.map((prepared) => prepared.message.envelope!);
  const envelope = {
    from: envelopes.find((candidate) => candidate.from)?.from ?? "",
    recipients: [...new Set(envelopes.flatMap((candidate) => candidate.recipients))],
  };
  const participantEmails = [...new Set(same.flatMap((prepared) => prepared.message.participantEmails ?? []))];
  return { ...first, message: { ...first.message, envelope, participantEmails } };
}

/**
 * Stores one group of a source's journaled messages in one ingestion batch (one transaction and
 * commit for the group). Transactions carrying bytes the archive already has (an MTA's split
 * delivery or a retry after a lost 250) add their envelope to that email (mergeEnvelopes).
 */
async function storeJournalGroup(group: { source: JournalSource; prepared: PreparedMessage }[]): Promise<JournalOutcome[]> {
  // The group's key is the source and its mailbox; its latest configuration (internal domains) is the group's.
  const { source } = group[group.length - 1];
  const messages = group.map((item) => item.prepared);
  const byHash = new Map<string, PreparedMessage[]>();
  for (const prepared of messages)
    byHash.set(prepared.parsed.rawHashSha256, [...(byHash.get(prepared.parsed.rawHashSha256) ?? []), prepared]);
  const candidates = [...byHash.values()].map((same, index) => ({ index, prepared: mergedMessage(same) }));
  const batch: PreparedBatch = {
    sourceId: source.id,
    userEmail: normalizeMailbox(journalMailbox(source)),
    outcomes: candidates.map(() => ({ status: "duplicate" })),
    candidates,
  };
  const outcomes = await storePreparedBatch(batch);
  const known = candidates.filter((candidate) => outcomes[candidate.index].status === "duplicate").map((candidate) => candidate.prepared);
  const mergedInto = await mergeEnvelopes({
    sourceId: source.id,
    userEmail: batch.userEmail,
    additions: known.map(({ parsed, message }) => ({
      hashSha256: parsed.rawHashSha256,
      from: message.envelope!.from,
      recipients: message.envelope!.recipients,
      participants: message.participantEmails ?? [],
    })),
  });
  const outcomeByHash = new Map<string, JournalOutcome>(
    candidates.map(({ index, prepared }) => {
      const hash = prepared.parsed.rawHashSha256;
      const existing = mergedInto.get(hash);
      return [hash, existing === undefined ? outcomes[index] : { status: "merged", emailId: existing }];
    }),
  );
  return messages.map((prepared) => outcomeByHash.get(prepared.parsed.rawHashSha256)!);
}

export interface JournalArchiverOptions {
  /** How long a message arriving while nothing is being stored waits for companions (default 2 ms). */
  windowMs?: number;
  /** Most messages stored in one transaction (default 200, the CLI import's batch). */
  maxMessages?: number;
  /**
   * Groups of one source stored at the same time before new messages wait to form the next group
   * (default: the machine's cores, at least 2, so the commits and fsyncs of groups overlap).
   */
  concurrency?: number;
  /**
   * A group of 8 or more messages is stored as up to this many transactions at once, of at least 4
   * each (default: the machine's cores), so PostgreSQL indexes them on several cores.
   */
  parts?: number;
}

/**
 * The journaling use case (docs/journaling.md, "Throughput"): each message is parsed on arrival,
 * then stored with the other messages of its source that arrived meanwhile (group commit). The
 * returned promise resolves only once the message's rows are committed and its bytes durable, so
 * the listener's 250 still means "stored"; a failure of the message or its group rejects (451).
 */
export function createJournalArchiver(options: JournalArchiverOptions = {}): (message: JournaledMessage) => Promise<JournalOutcome> {
  const submit = createGroupCommit<{ source: JournalSource; prepared: PreparedMessage }, JournalOutcome>({
    windowMs: options.windowMs ?? 2,
    maxItems: options.maxMessages ?? 200,
    concurrency: options.concurrency ?? Math.max(2, availableParallelism()),
    split: { parts: options.parts ?? availableParallelism(), minItems: 4 },
    store: (_key, group) => storeJournalGroup(group),
  });
  return async (message) => {
    const prepared = await prepareJournaledMessage(message);
    const outcome = await submit(`${message.source.id} ${journalMailbox(message.source)}`, { source: message.source, prepared });
    if (outcome.status === "failed") throw new Error(`archiving failed: ${outcome.reason}`);
    return outcome;
  };
}
