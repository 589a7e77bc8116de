import { selectConversationMembers, updateThreadClasses } from "./analytics.queries";
import { classifyConversation } from "./classify-conversation";
import { normalisedText } from "./conversation-text";
import type { SqlClient } from "../platform/db/sql-client";

/** Computes and stores the class of every email of one conversation (classify-conversation.ts); `texts` holds bodies already normalised. */
export async function classifyConversationOf(
  client: SqlClient,
  conversationId: string,
  texts: Map<string, string> = new Map(),
): Promise<void> {
  const members = await selectConversationMembers(client, conversationId);
  if (members.length === 0) return;
  const classes = classifyConversation(
    members.map((member) => ({
      id: member.id,
      parentId: member.parentId,
      copyOf: member.copyOf,
      text: texts.get(member.id) ?? normalisedText(member.bodyText),
      attachments: member.attachments,
    })),
  );
  await updateThreadClasses(client, [...classes.keys()], [...classes.values()]);
}
