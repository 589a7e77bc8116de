import { availableParallelism } from "node:os";
import type { AuditActor } from "../../audit/append-audit-entry";
import { AttachmentTexts } from "../ingestion/attachment-texts";
import { normalizeMailbox, prepareBatch } from "../ingestion/ingest-batch";
import type { MessageEnvelope, PreparedBatch, PreparedMessage } from "../ingestion/ingestion.types";
import type { ParsedMessage } from "../ingestion/parse-message";
import { storePreparedBatch } from "../ingestion/store-prepared-batch";
import { storableText } from "../../platform/validation/storable-text";
import { createGroupCommit } from "./group-commit";
import { unwrapJournalReport } from "./journal-report";
import { SmtpReply } from "./journal-routing";
import type { JournalSource } from "./journal-sources";
import { mergeEnvelopes } from "./merge-envelopes";
import { sha256Hex } from "../../platform/crypto/sha256";

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
  /**
   * Present when the delivering client is trusted for the source (authenticated with its credentials
   * or inside its explicit allow-list; `sessionTrusted`): the actor of the audit entries its delivery
   * causes. Only a trusted delivery is unwrapped as a journal report or adds its envelope to an email
   * archived before.
   */
  trustedBy?: AuditActor;
}

/** `merged`: the bytes were archived already, and this transaction's envelope was added to that email. */
export type JournalOutcome =
  { status: "imported" | "merged"; emailId: string } | { status: "duplicate" } | { status: "failed"; reason: string };

/** The folder (`path`) of the journal reports kept beside the messages unwrapped from them. */
export const JOURNAL_REPORTS_PATH = "Journal reports";

/** One text cache for the process: attachments recur across journaled messages as in any import. */
let texts: AttachmentTexts | undefined;

async function prepareOne(
  source: JournalSource,
  incoming: { raw: Buffer; envelope: MessageEnvelope; path?: string; tags?: string[] },
): Promise<PreparedMessage> {
  const envelope = normalizedEnvelope(incoming.envelope);
  const batch = await prepareBatch({
    sourceId: source.id,
    userEmail: journalMailbox(source),
    messages: [{ raw: incoming.raw, envelope, path: incoming.path, tags: incoming.tags }],
    texts: (texts ??= new AttachmentTexts()),
  });
  const [refused] = batch.outcomes;
  const [candidate] = batch.candidates;
  if (!candidate)
    throw new SmtpReply(554, `5.6.0 Message cannot be archived: ${refused.status === "failed" ? refused.reason : "unreadable"}`);
  const { prepared } = candidate;
  return {
    ...prepared,
    message: { ...prepared.message, participantEmails: internalParticipants(prepared.parsed, envelope, source.internalDomains) },
  };
}

/**
 * Parses one journaled message. A message that cannot be read as a message at all is refused with
 * 554. An Exchange journal report is unwrapped only for a source with `exchangeReports` and a
 * trusted client (docs/journaling.md, "Exchange and Microsoft 365 journal reports"): then the
 * original message is archived with the report's envelope AND the report itself as received, in
 * the folder "Journal reports", each naming the other's SHA-256 in its tags. Anything else, a
 * report from anyone else included, is archived as received with its SMTP envelope.
 */
async function prepareJournaledMessage(message: JournaledMessage): Promise<PreparedMessage[]> {
  const unwrapped = await unwrapJournalReport(message.raw, { source: message.source, trusted: message.trustedBy !== undefined });
  if (!unwrapped) return [await prepareOne(message.source, message)];
  const reportHash = sha256Hex(message.raw);
  const original = await prepareOne(message.source, { ...unwrapped, tags: [`journal-report:${reportHash}`] });
  const report = await prepareOne(message.source, {
    ...message,
    path: JOURNAL_REPORTS_PATH,
    tags: [`journal-report-of:${original.parsed.rawHashSha256}`],
  });
  return [original, report];
}

/** Lower-cased, storable and de-duplicated, as the rows keep it (so merging compares like with like). */
export const normalizedEnvelope = (envelope: MessageEnvelope): MessageEnvelope => ({
  from: storableText(envelope.from.slice(0, 320)),
  recipients: [...new Set(envelope.recipients.map((address) => storableText(address.trim().toLowerCase().slice(0, 320))))],
});

interface GroupItem {
  source: JournalSource;
  prepared: PreparedMessage;
  trustedBy?: AuditActor;
}

/** Several transactions with the same bytes: one message with all their envelopes. */
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
 * The transactions of a group with the same bytes: what to insert (the first one's envelope and
 * every trusted one's) and, should the archive hold the bytes already, what to add to that email
 * (the trusted ones' envelopes only, with the first trusted client as the audit entry's actor).
 */
function sameBytes(items: GroupItem[]) {
  const [first, ...rest] = items;
  const trusted = items.filter((item) => item.trustedBy !== undefined);
  return {
    insert: mergedMessage([first, ...rest.filter((item) => item.trustedBy !== undefined)].map((item) => item.prepared)),
    addition: trusted.length > 0 ? { prepared: mergedMessage(trusted.map((item) => item.prepared)), actor: trusted[0].trustedBy! } : null,
  };
}

/**
 * Stores one group of a source's journaled messages in one ingestion batch (one transaction and
 * commit for the group). Transactions carrying bytes the archive already has (an MTA's split
 * delivery or a retry after a lost 250) add their envelope to that email (mergeEnvelopes, audited)
 * when their client is trusted; an untrusted one changes nothing (a duplicate).
 */
async function storeJournalGroup(group: GroupItem[]): Promise<JournalOutcome[]> {
  // The group's key is the source and its mailbox; its latest configuration (internal domains) is the group's.
  const { source } = group[group.length - 1];
  const byHash = new Map<string, GroupItem[]>();
  for (const item of group)
    byHash.set(item.prepared.parsed.rawHashSha256, [...(byHash.get(item.prepared.parsed.rawHashSha256) ?? []), item]);
  const candidates = [...byHash.values()].map((same, index) => ({ index, ...sameBytes(same) }));
  const batch: PreparedBatch = {
    sourceId: source.id,
    userEmail: normalizeMailbox(journalMailbox(source)),
    outcomes: candidates.map(() => ({ status: "duplicate" })),
    candidates: candidates.map(({ index, insert }) => ({ index, prepared: insert })),
  };
  const outcomes = await storePreparedBatch(batch);
  const additions = candidates.flatMap(({ index, addition }) => (outcomes[index].status === "duplicate" && addition ? [addition] : []));
  const mergedInto = await mergeEnvelopes({
    sourceId: source.id,
    userEmail: batch.userEmail,
    additions: additions.map(({ prepared: { parsed, message }, actor }) => ({
      hashSha256: parsed.rawHashSha256,
      from: message.envelope!.from,
      recipients: message.envelope!.recipients,
      participants: message.participantEmails ?? [],
      actor,
    })),
  });
  const outcomeByHash = new Map<string, JournalOutcome>(
    candidates.map(({ index, insert }) => {
      const hash = insert.parsed.rawHashSha256;
      const existing = mergedInto.get(hash);
      return [hash, existing === undefined ? outcomes[index] : { status: "merged", emailId: existing }];
    }),
  );
  return group.map((item) => outcomeByHash.get(item.prepared.parsed.rawHashSha256)!);
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
export function createJournalArchiver(options: JournalArchiverOptions = {}): (message: JournaledMessage) => Promise<JournalOutcome[]> {
  const submit = createGroupCommit<GroupItem, JournalOutcome>({
    windowMs: options.windowMs ?? 2,
    maxItems: options.maxMessages ?? 200,
    concurrency: options.concurrency ?? Math.max(2, availableParallelism()),
    split: { parts: options.parts ?? availableParallelism(), minItems: 4 },
    store: (_key, group) => storeJournalGroup(group),
  });
  return async (message) => {
    const prepared = await prepareJournaledMessage(message);
    const key = `${message.source.id} ${journalMailbox(message.source)}`;
    const outcomes = await Promise.all(
      prepared.map((item) => submit(key, { source: message.source, prepared: item, trustedBy: message.trustedBy })),
    );
    for (const outcome of outcomes) if (outcome.status === "failed") throw new Error(`archiving failed: ${outcome.reason}`);
    return outcomes;
  };
}
