import type { QueryNode } from "../../src/server/search/query-language/query-tree";

/**
 * An email as the reference evaluator sees it. Text fields are lists of words (lower case, one
 * position each), as PostgreSQL's 'simple' configuration reads words of plain letters.
 */
export interface ReferenceEmail {
  id: string;
  subject: string[];
  body: string[];
  /** The words of the one attachment's extracted text (no attachment: null). */
  attachmentText: string[] | null;
  attachmentName: string | null;
  senderEmail: string;
  to: string[];
  cc: string[];
  bcc: string[];
  mailbox: string;
  sourceId: string;
  sourceName: string;
  sentAt: Date;
  sizeBytes: number;
  messageId: string;
  /** The folders of its occurrences (none given: the one folder "", as mail imported without a folder). */
  folders?: string[];
  /** Its review analytics (none given: not analysed, which no analytics clause matches). */
  analysis?: { conversationId: string; threadClass: string; nearDuplicateGroupId: string | null; languages: string[] };
}

function fieldsOf(email: ReferenceEmail, field: "subject" | "body" | "attachment" | null): string[][] {
  const attachment = email.attachmentText ? [email.attachmentText] : [];
  if (field === "subject") return [email.subject];
  if (field === "body") return [email.body];
  if (field === "attachment") return attachment;
  return [email.subject, email.body, ...attachment];
}

function hasPhrase(words: string[], phrase: string[]): boolean {
  for (let start = 0; start + phrase.length <= words.length; start++) {
    if (phrase.every((word, offset) => words[start + offset] === word)) return true;
  }
  return false;
}

function isNear(words: string[], [left, right]: [string, string], distance: number): boolean {
  const positions = (word: string) => words.flatMap((candidate, index) => (candidate === word ? [index] : []));
  return positions(left).some((a) => positions(right).some((b) => a !== b && Math.abs(a - b) <= distance));
}

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1);
const addressMatches = (addresses: string[], address: string, domain: boolean) =>
  addresses.some((candidate) => (domain ? domainOf(candidate.toLowerCase()) === address : candidate.toLowerCase() === address));

/** What the search language means (docs/search.md), written plainly, for property tests of the engines. */
export function matchesReference(node: QueryNode, email: ReferenceEmail): boolean {
  switch (node.type) {
    case "and":
      return node.children.every((child) => matchesReference(child, email));
    case "or":
      return node.children.some((child) => matchesReference(child, email));
    case "not":
      return !matchesReference(node.child, email);
    case "words":
      return fieldsOf(email, node.field).some((words) => hasPhrase(words, node.words));
    case "prefix":
      return fieldsOf(email, node.field).some((words) => words.some((word) => word.startsWith(node.prefix)));
    case "near":
      return fieldsOf(email, node.field).some((words) => isNear(words, node.words, node.distance));
    case "address": {
      const addresses = { from: [email.senderEmail], to: [...email.to, ...email.cc, ...email.bcc], cc: email.cc, bcc: email.bcc }[
        node.field
      ];
      return addressMatches(addresses, node.address, node.domain);
    }
    case "mailbox":
      return email.mailbox.toLowerCase() === node.address;
    case "source":
      return email.sourceId === node.value.toLowerCase() || email.sourceName.toLowerCase() === node.value.toLowerCase();
    case "filename": {
      if (!email.attachmentName) return false;
      const name = email.attachmentName.toLowerCase();
      const parts = [name, ...name.split(/[._\s-]+/)];
      return parts.some((part) => (node.prefix ? part.startsWith(node.value) : part === node.value));
    }
    case "hasAttachment":
      return email.attachmentName !== null;
    case "sent":
      return (!node.from || email.sentAt >= new Date(node.from)) && (!node.until || email.sentAt < new Date(node.until));
    case "size":
      return (node.min === null || email.sizeBytes >= node.min) && (node.max === null || email.sizeBytes <= node.max);
    case "messageId":
      return email.messageId === node.value;
    case "thread":
      return email.analysis?.conversationId === node.id;
    case "threadClass":
      return email.analysis?.threadClass === node.value;
    case "nearDuplicate":
      return email.analysis?.nearDuplicateGroupId === node.groupId;
    case "language":
      return email.analysis?.languages.includes(node.code) ?? false;
    case "folder":
      return (email.folders ?? [""]).includes(node.value);
  }
}
