import { selectConversationsMembers, updateThreadClasses, type ConversationMemberRow } from "./analytics.queries";
import { classifyConversation } from "./classify-conversation";
import { normalisedText } from "./conversation-text";
import type { SqlClient } from "../platform/db/sql-client";

/**
 * Computes and stores the class of every email of these conversations (classify-conversation.ts):
 * their members read in one statement, their classes written in one. `texts` holds bodies already
 * normalised by the batch, which are not read again.
 */
export async function classifyConversations(
  client: SqlClient,
  conversationIds: string[],
  texts: Map<string, string> = new Map(),
): Promise<void> {
  const rows = await selectConversationsMembers(client, conversationIds, [...texts.keys()]);
  const byConversation = new Map<string, ConversationMemberRow[]>();
  for (const { conversationId, ...member } of rows) {
    const members = byConversation.get(conversationId) ?? [];
    members.push(member);
    byConversation.set(conversationId, members);
  }
  const ids: string[] = [];
  const classes: string[] = [];
  for (const members of byConversation.values()) {
    const classified = classifyConversation(
      members.map((member) => ({
        id: member.id,
        parentId: member.parentId,
        copyOf: member.copyOf,
        text: texts.get(member.id) ?? normalisedText(member.bodyText),
        attachments: member.attachments,
      })),
    );
    for (const [id, threadClass] of classified) {
      ids.push(id);
      classes.push(threadClass);
    }
  }
  await updateThreadClasses(client, ids, classes);
}
