import { sha256Hex } from "../platform/crypto/sha256";
import { ownTextOf } from "./conversation-text";

export const THREAD_CLASSES = ["inclusive", "inclusive_minus", "inclusive_copy", "none"] as const;
export type ThreadClass = (typeof THREAD_CLASSES)[number];

/** One email of a conversation as the classes need it. */
export interface ConversationMember {
  id: string;
  parentId: string | null;
  /** The first email of the same message; null for that first one. */
  copyOf: string | null;
  /** The whole body, normalised (conversation-text.ts): own text and quoted parents. */
  text: string;
  /** Content hashes of its attachments. */
  attachments: string[];
}

/**
 * The class of every email of one conversation (docs/ediscovery.md, "Conversations"). Content is an
 * email's own text (its body less its parent's quoted text) and its attachments; "later" is later
 * in the reply tree, never by Date, so a skewed clock changes nothing.
 * - inclusive: no later email of its branch (a descendant) holds all of its content;
 * - inclusive_minus: inclusive, but an earlier email of its branch carried an attachment it lacks;
 * - inclusive_copy: the same content as an inclusive (or inclusive-minus) email held as another
 *   email: a copy of the same message, or another email with the same text and attachments;
 * - none: the rest, wholly contained in a later email of its branch.
 */
export function classifyConversation(members: ConversationMember[]): Map<string, ThreadClass> {
  const byId = new Map(members.map((member) => [member.id, member]));
  const originals = members.filter((member) => member.copyOf === null || !byId.has(member.copyOf));
  const children = new Map<string, ConversationMember[]>();
  for (const member of originals) {
    if (member.parentId === null || !byId.has(member.parentId)) continue;
    const siblings = children.get(member.parentId) ?? [];
    siblings.push(member);
    children.set(member.parentId, siblings);
  }
  const parentOf = (member: ConversationMember) => (member.parentId === null ? undefined : byId.get(member.parentId));
  const ownText = new Map(originals.map((member) => [member.id, ownTextOf(member.text, parentOf(member)?.text ?? null)]));
  const attachmentSets = new Map(members.map((member) => [member.id, new Set(member.attachments)]));

  const holds = (later: ConversationMember, earlier: ConversationMember): boolean => {
    const own = ownText.get(earlier.id)!;
    if (own !== "" && !later.text.includes(own)) return false;
    const carried = attachmentSets.get(later.id)!;
    return earlier.attachments.every((hash) => carried.has(hash));
  };
  const containedLater = (member: ConversationMember): boolean => {
    // Breadth first: the direct replies usually hold it, so the walk rarely goes deep.
    const queue = [...(children.get(member.id) ?? [])];
    const seen = new Set<string>([member.id]);
    while (queue.length > 0) {
      const later = queue.shift()!;
      if (seen.has(later.id)) continue;
      seen.add(later.id);
      if (holds(later, member)) return true;
      queue.push(...(children.get(later.id) ?? []));
    }
    return false;
  };
  const lacksEarlierAttachment = (member: ConversationMember): boolean => {
    const own = attachmentSets.get(member.id)!;
    const seen = new Set<string>([member.id]);
    for (let earlier = parentOf(member); earlier && !seen.has(earlier.id); earlier = parentOf(earlier)) {
      seen.add(earlier.id);
      if (earlier.attachments.some((hash) => !own.has(hash))) return true;
    }
    return false;
  };

  const classes = new Map<string, ThreadClass>();
  const inclusiveByContent = new Map<string, string>();
  for (const member of originals) {
    if (containedLater(member)) {
      classes.set(member.id, "none");
      continue;
    }
    // Two emails with one content (a message sent twice under two Message-IDs) need one reading.
    const content = contentKey(ownText.get(member.id)!, member.attachments, member.parentId);
    if (inclusiveByContent.has(content)) {
      classes.set(member.id, "inclusive_copy");
      continue;
    }
    inclusiveByContent.set(content, member.id);
    classes.set(member.id, lacksEarlierAttachment(member) ? "inclusive_minus" : "inclusive");
  }
  for (const member of members) {
    if (classes.has(member.id)) continue;
    const original = classes.get(member.copyOf!);
    classes.set(member.id, original === "none" ? "none" : "inclusive_copy");
  }
  return classes;
}

function contentKey(ownText: string, attachments: string[], parentId: string | null): string {
  return sha256Hex(`${parentId ?? ""}\n${ownText}\n${[...new Set(attachments)].sort().join(",")}`);
}
