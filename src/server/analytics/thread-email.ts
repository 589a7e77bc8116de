import { randomUUID } from "node:crypto";
import {
  CANDIDATE_LIMIT,
  insertThreadPlaces,
  moveConversation,
  selectEmailsNaming,
  selectStoredOriginals,
  selectThreadPlace,
  setParent,
  type AnalysedEmailRow,
  type AnalysisInsert,
  type StoredOriginalRow,
  type StoredPlaceRow,
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
 * What a batch's threading reads, held for the whole batch: the originals its lookups by copy key
 * and by subject can find, and the emails that name its keys in their reply headers, read in a few
 * statements per batch and kept current with the batch's own changes (places, parents, joined
 * conversations), so that those lookups send no statement. The emails it places are written
 * together (write), before any statement that may read them and at the batch's end.
 */
export class ThreadingBatch {
  private readonly unwritten: AnalysisInsert[] = [];
  /** Originals by copy key: stored ones and the batch's own. */
  private readonly originalsByCopyKey = new Map<string, StoredPlaceRow>();
  /** Stored originals by subject key, most recently analysed first (at most CANDIDATE_LIMIT). */
  private readonly storedBySubject = new Map<string, StoredOriginalRow[]>();
  /** The batch's own originals by subject key: analysed in this transaction, so newer than any stored one. */
  private readonly placedBySubject = new Map<string, StoredOriginalRow[]>();
  /** Emails naming each key in their reply headers: stored ones and the batch's own. */
  private readonly namers = new Map<string, ThreadPlaceRow[]>();
  /** Every row the batch holds, by email id, for its own changes. */
  private readonly rows = new Map<string, ThreadPlaceRow>();

  private constructor(
    originals: { byCopyKey: StoredPlaceRow[]; bySubjectKey: StoredOriginalRow[] },
    naming: ThreadPlaceRow[],
    namedKeys: Set<string>,
  ) {
    const held = <Row extends ThreadPlaceRow>(row: Row): Row => {
      const known = this.rows.get(row.emailId);
      if (known) return known as Row;
      this.rows.set(row.emailId, row);
      return row;
    };
    // Subject candidates first: a row found both ways is held once, with what the threading compares.
    for (const row of originals.bySubjectKey) {
      const list = this.storedBySubject.get(row.subjectKey) ?? [];
      list.push(held(row));
      this.storedBySubject.set(row.subjectKey, list);
    }
    for (const row of originals.byCopyKey) this.originalsByCopyKey.set(row.copyKey, held(row));
    for (const row of naming) this.addNamer(held(row), namedKeys);
  }

  private addNamer(row: ThreadPlaceRow, keys?: Set<string>): void {
    for (const key of row.replyKeys) {
      if (keys && !keys.has(key)) continue;
      const list = this.namers.get(key) ?? [];
      list.push(row);
      this.namers.set(key, list);
    }
  }

  /** A batch of these emails, with what the emails analysed before it hold for their lookups. */
  static async read(client: SqlClient, emails: AnalysedEmailRow[]): Promise<ThreadingBatch> {
    const keys = new Set<string>();
    const subjectKeys = new Set<string>();
    for (const email of emails) {
      keys.add(copyKeyOf(email));
      for (const key of replyKeysOf(email)) keys.add(key);
      subjectKeys.add(subjectKeyOf(email.subject));
    }
    subjectKeys.delete("");
    return new ThreadingBatch(
      await selectStoredOriginals(client, [...keys], [...subjectKeys]),
      await selectEmailsNaming(client, [...keys]),
      keys,
    );
  }

  /** The conversations of the emails naming one of these keys in their reply headers (at most 100), as they are now. */
  conversationsNaming(keys: string[]): string[] {
    const conversations = new Set<string>();
    for (const key of keys)
      for (const row of this.namers.get(key) ?? []) if (conversations.size < 100) conversations.add(row.conversationId);
    return [...conversations];
  }

  /** The originals naming this key in their reply headers (replies that arrived before the email it identifies), as they are now. */
  repliesNaming(key: string): ThreadPlaceRow[] {
    return (this.namers.get(key) ?? []).filter((row) => row.copyOf === null).map((row) => ({ ...row, replyKeys: [...row.replyKeys] }));
  }

  /** The originals of these copy keys (a copy's original, the ancestors an email names), as they are now. */
  originals(keys: string[]): (ThreadPlaceRow & { copyKey: string })[] {
    return keys.flatMap((key) => {
      const row = this.originalsByCopyKey.get(key);
      return row ? [{ ...row }] : [];
    });
  }

  /** The CANDIDATE_LIMIT most recently analysed originals with this subject key, as they are now (the batch's own first, by id). */
  subjectCandidates(subjectKey: string): StoredOriginalRow[] {
    const placed = this.placedBySubject.get(subjectKey) ?? [];
    const stored = this.storedBySubject.get(subjectKey) ?? [];
    return [...placed, ...stored].slice(0, CANDIDATE_LIMIT).map((row) => ({ ...row }));
  }

  /** An email placed: its keys are known from now on, its row is written with the next statement (write). */
  place(row: AnalysisInsert, email: AnalysedEmailRow): void {
    const { id: _id, ...columns } = email;
    const held: StoredOriginalRow = { ...columns, ...row };
    this.rows.set(row.emailId, held);
    this.addNamer(held);
    if (row.copyOf === null) {
      if (!this.originalsByCopyKey.has(row.copyKey)) this.originalsByCopyKey.set(row.copyKey, held);
      const list = this.placedBySubject.get(row.subjectKey) ?? [];
      // Ties on the analysis time are ordered by id, as the stored lookup orders them.
      const before = list.findIndex((other) => other.emailId > row.emailId);
      list.splice(before === -1 ? list.length : before, 0, held);
      this.placedBySubject.set(row.subjectKey, list);
    }
    this.unwritten.push(row);
  }

  /** setParent, on the rows the batch holds too. */
  async setParent(client: SqlClient, change: { emailId: string; parentId: string; parentRank: number }): Promise<void> {
    await setParent(await this.write(client), change);
    for (const row of this.rows.values())
      if (row.emailId === change.emailId || row.copyOf === change.emailId)
        Object.assign(row, { parentId: change.parentId, parentRank: change.parentRank });
  }

  /** moveConversation, on the rows the batch holds too. */
  async moveConversation(client: SqlClient, from: string, to: string): Promise<void> {
    await moveConversation(await this.write(client), from, to);
    for (const row of this.rows.values()) if (row.conversationId === from) row.conversationId = to;
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
    batch.place({ ...row, emailId: email.id, copyKey, replyKeys, subjectKey, text: options.text }, email);
  };
  // One lookup for its own key (a copy) and its ancestors' (its parent).
  const named = batch.originals([copyKey, ...replyKeys]);
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
  const candidates = subjectKey === "" ? [] : batch.subjectCandidates(subjectKey);
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
  const sharing = batch.conversationsNaming(replyKeys);
  // A new conversation gets an id of its own, never an email's: the id must not name an email a reader may not see.
  const conversationId = parent?.place.conversationId ?? sharing[0] ?? randomUUID();
  insert({ conversationId, parentId: parent?.place.emailId ?? null, parentRank: parent?.rank ?? null, copyOf: null });

  for (const other of sharing) if (other !== conversationId) await batch.moveConversation(client, other, conversationId);
  const touched = new Set([conversationId]);
  const adopt = async (candidate: ThreadPlaceRow, rank: number, closer = false) => {
    // Read again: an earlier step of this email may have just hung it here.
    const child = await selectThreadPlace(await db(), candidate.emailId);
    if (!child || (child.parentRank !== null && (child.parentRank < rank || (child.parentRank === rank && !closer)))) return;
    // A child already in this conversation may be one of its ancestors (a loop of headers): then it stays where it is.
    if (child.conversationId === conversationId && (await isAncestor(await db(), child.emailId, parent?.place.emailId ?? null))) return;
    await batch.setParent(client, { emailId: child.emailId, parentId: email.id, parentRank: rank });
    if (child.conversationId !== conversationId) await batch.moveConversation(client, child.conversationId, conversationId);
  };
  if (!copyKey.startsWith("sha256:")) {
    for (const child of batch.repliesNaming(copyKey)) await adopt(child, child.replyKeys.indexOf(copyKey));
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
