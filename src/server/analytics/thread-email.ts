import { randomUUID } from "node:crypto";
import {
  insertThreadPlaces,
  moveConversation,
  selectOriginalsByCopyKey,
  selectRepliesNaming,
  selectConversationsNamingAny,
  selectSubjectCandidates,
  selectThreadPlace,
  setParent,
  type AnalysedEmailRow,
  type AnalysisInsert,
  type StoredThreadKeys,
  type TextColumns,
  type ThreadPlaceRow,
} from "./analytics.queries";
import { normalisedText, subjectKeyOf } from "./conversation-text";
import type { SqlClient } from "../platform/db/sql-client";
import { sha256Hex } from "../platform/crypto/sha256";

/** The parent rank of a parent found by quoted content (header ranks are 0, 1, 2, ...). */
const CONTENT_RANK = 1000;
/** A quotation shorter than this (normalised) says too little to join two emails. */
const MIN_QUOTED_CHARS = 20;
const REPLY_MARK =
  /^\s*(?:>|-{2,}.{0,40}(?:message|nachricht|bericht|mensaje|messaggio|mensagem|meddelande|wiadomość|сообщение))|^\s*\S.{0,200}:\s*$/mu;

const TEXT_CACHE = 1000;

/** A reply or forward by its subject's prefix or by a quotation mark in its body. */
const looksLikeReply = (email: Pick<AnalysedEmailRow, "subject" | "bodyText">) =>
  subjectKeyOf(email.subject) !== email.subject.normalize("NFKC").toLowerCase().replace(/\s+/gu, " ").trim() ||
  REPLY_MARK.test(email.bodyText);

const lowerId = (id: string) => id.trim().replace(/^<|>$/g, "").toLowerCase();

/** In-Reply-To, then References from the nearest ancestor back: the order in which a parent is looked for. */
export function replyKeysOf(email: Pick<AnalysedEmailRow, "inReplyTo" | "references" | "messageIdHeader">): string[] {
  const own = lowerId(email.messageIdHeader);
  const keys = [...(email.inReplyTo ? [email.inReplyTo] : []), ...[...email.references].reverse()].map(lowerId).filter((key) => key !== "");
  return [...new Set(keys)].filter((key) => key !== own);
}

/** The key copies of one message share: its Message-ID, or for a message without one its subject, sender, text and attachments. */
export function copyKeyOf(email: AnalysedEmailRow): string {
  const messageId = lowerId(email.messageIdHeader);
  if (messageId !== "") return messageId;
  const content = [
    subjectKeyOf(email.subject),
    email.senderEmail.toLowerCase(),
    normalisedText(email.bodyText),
    email.attachments.join(","),
  ];
  return `sha256:${sha256Hex(content.join("\n"))}`;
}

function participantsOf(email: Pick<AnalysedEmailRow, "senderEmail" | "recipientEmails" | "ccEmails">): Set<string> {
  return new Set(
    [email.senderEmail, ...email.recipientEmails, ...(email.ccEmails ?? [])].map((address) => address.toLowerCase()).filter(Boolean),
  );
}

const shareParticipant = (left: Set<string>, right: Set<string>) => [...left].some((address) => right.has(address));

/** Whether `later` quotes all of `earlier` (normalised), and says more: a reply or forward of it. */
function quotes(laterText: string, earlierText: string): boolean {
  return earlierText.length >= MIN_QUOTED_CHARS && laterText.length > earlierText.length && laterText.includes(earlierText);
}

/**
 * What a batch knows of the keys its lookups match on (copy key, subject key, the keys replies
 * name): those the emails analysed before it carry (selectStoredThreadKeys, one statement) and
 * those its own emails carried as they were placed. Those columns never change once written, so a
 * lookup whose keys neither holds cannot find anything and is not sent; most emails start a
 * conversation of their own, and are then placed with one statement.
 */
export class ThreadingBatch {
  private readonly copyKeys: Set<string>;
  private readonly subjectKeys: Set<string>;
  private readonly namedKeys: Set<string>;
  private readonly unwritten: AnalysisInsert[] = [];

  constructor(stored: StoredThreadKeys) {
    this.copyKeys = new Set(stored.copyKeys);
    this.subjectKeys = new Set(stored.subjectKeys);
    this.namedKeys = new Set(stored.namedKeys);
  }

  /** The keys a batch of emails looks up, for selectStoredThreadKeys. */
  static keysOf(emails: AnalysedEmailRow[]): { keys: string[]; subjectKeys: string[] } {
    const keys = new Set<string>();
    const subjectKeys = new Set<string>();
    for (const email of emails) {
      keys.add(copyKeyOf(email));
      for (const key of replyKeysOf(email)) keys.add(key);
      subjectKeys.add(subjectKeyOf(email.subject));
    }
    return { keys: [...keys], subjectKeys: [...subjectKeys] };
  }

  mayHoldOriginal = (keys: string[]) => keys.some((key) => this.copyKeys.has(key));
  mayHoldSubject = (subjectKey: string) => this.subjectKeys.has(subjectKey);
  mayBeNamed = (keys: string[]) => keys.some((key) => this.namedKeys.has(key));

  /** An email placed: its keys are known from now on, its row is written with the next statement (write). */
  place(row: AnalysisInsert): void {
    if (row.copyOf === null) {
      this.copyKeys.add(row.copyKey);
      this.subjectKeys.add(row.subjectKey);
    }
    for (const key of row.replyKeys) this.namedKeys.add(key);
    this.unwritten.push(row);
  }

  /**
   * Writes the places not written yet, in one statement: before any statement that may read them,
   * and at the batch's end. Most emails need no lookup, so most of a batch is written at once.
   */
  async write(client: SqlClient): Promise<SqlClient> {
    if (this.unwritten.length > 0) await insertThreadPlaces(client, this.unwritten.splice(0));
    return client;
  }
}

/**
 * Places one email in its conversation (docs/ediscovery.md, "Conversations") inside the analysis
 * transaction, and answers the conversations whose classes must be computed again:
 * 1. a copy of a message already placed (same Message-ID, or same content without one) sits beside it;
 * 2. else its parent is the nearest ancestor its In-Reply-To / References name;
 * 3. else, for a reply or forward without those headers, the latest email with the same normalised
 *    subject, a shared participant, whose whole text it quotes; a shared subject alone never joins;
 * 4. replies that arrived before it (naming it, or quoting it) are hung under it, their
 *    conversation joined into its own;
 * 5. emails whose References name an ancestor it names too share its conversation, even when that
 *    ancestor is not archived (they stay roots of the tree, as replies to a missing parent).
 * Dates play no part, so a clock that is minutes off changes nothing.
 */
export async function threadEmail(
  client: SqlClient,
  email: AnalysedEmailRow,
  options: { text: TextColumns; texts: Map<string, string>; batch: ThreadingBatch },
): Promise<string[]> {
  const { texts, batch } = options;
  // Every statement of this email is sent after the places the batch has not written yet.
  const db = () => batch.write(client);
  const copyKey = copyKeyOf(email);
  const replyKeys = replyKeysOf(email);
  const subjectKey = subjectKeyOf(email.subject);
  const insert = (row: Omit<AnalysisInsert, "emailId" | "copyKey" | "replyKeys" | "subjectKey" | "text">) => {
    batch.place({ ...row, emailId: email.id, copyKey, replyKeys, subjectKey, text: options.text });
  };
  // One lookup for its own key (a copy) and its ancestors' (its parent).
  const lookupKeys = [copyKey, ...replyKeys];
  const named = batch.mayHoldOriginal(lookupKeys) ? await selectOriginalsByCopyKey(await db(), lookupKeys) : [];
  const original = named.find((row) => row.copyKey === copyKey);
  if (original) {
    insert({
      conversationId: original.conversationId,
      parentId: original.parentId,
      parentRank: original.parentRank,
      copyOf: original.emailId,
    });
    return [original.conversationId];
  }
  const text = normalisedText(email.bodyText);
  texts.set(email.id, text);
  const participants = participantsOf(email);
  let parent: { place: ThreadPlaceRow; rank: number } | null = null;
  for (const [rank, key] of replyKeys.entries()) {
    const place = named.find((row) => row.copyKey === key);
    if (place) {
      parent = { place, rank };
      break;
    }
  }
  const candidates = subjectKey === "" || !batch.mayHoldSubject(subjectKey) ? [] : await selectSubjectCandidates(await db(), subjectKey);
  // Normalising a long body costs: each is done once per batch.
  const textOf = (row: { emailId: string; bodyText: string }) => {
    let normalised = texts.get(row.emailId);
    if (normalised === undefined) {
      if (texts.size >= TEXT_CACHE) texts.clear();
      normalised = normalisedText(row.bodyText);
      texts.set(row.emailId, normalised);
    }
    return normalised;
  };
  if (!parent && looksLikeReply(email)) {
    let best: { place: ThreadPlaceRow; length: number } | null = null;
    for (const candidate of candidates) {
      if (!shareParticipant(participants, participantsOf(candidate))) continue;
      const candidateText = textOf(candidate);
      if (!shareParticipant(participants, participantsOf(candidate)) || !quotes(text, candidateText)) continue;
      if (!best || candidateText.length > best.length) best = { place: candidate, length: candidateText.length };
    }
    if (best) parent = { place: best.place, rank: CONTENT_RANK };
  }
  // Replies to one message that is not archived (a ghost parent) still share a conversation.
  const sharing = batch.mayBeNamed(replyKeys) ? await selectConversationsNamingAny(await db(), replyKeys) : [];
  // A new conversation gets an id of its own, never an email's: the id must not name an email a reader may not see.
  const conversationId = parent?.place.conversationId ?? sharing[0] ?? randomUUID();
  insert({ conversationId, parentId: parent?.place.emailId ?? null, parentRank: parent?.rank ?? null, copyOf: null });

  for (const other of sharing) if (other !== conversationId) await moveConversation(await db(), other, conversationId);
  const touched = new Set([conversationId]);
  const adopt = async (candidate: ThreadPlaceRow, rank: number, closer = false) => {
    // Read again: an earlier step of this email may have just hung it here.
    const child = await selectThreadPlace(await db(), candidate.emailId);
    if (!child || (child.parentRank !== null && (child.parentRank < rank || (child.parentRank === rank && !closer)))) return;
    // A child already in this conversation may be one of its ancestors (a loop of headers): then it stays where it is.
    if (child.conversationId === conversationId && (await isAncestor(await db(), child.emailId, parent?.place.emailId ?? null))) return;
    await setParent(await db(), { emailId: child.emailId, parentId: email.id, parentRank: rank });
    if (child.conversationId !== conversationId) await moveConversation(await db(), child.conversationId, conversationId);
  };
  if (!copyKey.startsWith("sha256:") && batch.mayBeNamed([copyKey])) {
    for (const child of await selectRepliesNaming(await db(), copyKey)) await adopt(child, child.replyKeys.indexOf(copyKey));
  }
  // Header-less replies that arrived first: a root that quotes this email, or one hung by content from
  // an email this one quotes in turn (this one is then the nearer parent).
  const byId = new Map(candidates.map((candidate) => [candidate.emailId, candidate]));
  for (const candidate of candidates) {
    if (text.length < MIN_QUOTED_CHARS || candidate.emailId === email.id) continue;
    // Only a reply placed by nothing better than its quotation can be taken over.
    if (candidate.parentId === null ? !looksLikeReply(candidate) : candidate.parentRank !== CONTENT_RANK) continue;
    if (!shareParticipant(participants, participantsOf(candidate)) || !quotes(textOf(candidate), text)) continue;
    const currentParent = candidate.parentId === null ? undefined : byId.get(candidate.parentId);
    const currentParentText = currentParent ? textOf(currentParent) : null;
    if (candidate.parentId === null) await adopt(candidate, CONTENT_RANK);
    else if (candidate.parentRank === CONTENT_RANK && currentParentText && quotes(text, currentParentText))
      await adopt(candidate, CONTENT_RANK, true);
  }
  return [...touched];
}

/** Whether `ancestorId` is `startId` or above it in the reply tree. */
async function isAncestor(client: SqlClient, ancestorId: string, startId: string | null): Promise<boolean> {
  const seen = new Set<string>();
  for (let id = startId; id !== null && !seen.has(id);) {
    if (id === ancestorId) return true;
    seen.add(id);
    id = (await selectThreadPlace(client, id))?.parentId ?? null;
  }
  return false;
}
