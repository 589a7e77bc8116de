import type { Principal } from "../identity/auth/principal";
import { findVisibleEmail } from "../archive/find-visible-email";
import { visibleEmailsCondition } from "../archive/archived-emails.queries";
import { db } from "../platform/db/client";
import { conflict } from "../platform/errors/app-error";
import { selectConversationTree, selectThreadPlace } from "./analytics.queries";
import type { ThreadClass } from "./classify-conversation";
import type { EmailThreadDto } from "./analytics.responses";

/**
 * An email's conversation as a tree (docs/ediscovery.md, "Conversations"), within the caller's read
 * scope: an email they may not read is left out and never named, and its replies hang from the
 * nearest ancestor they may read (or are roots). Listed in tree order. 404 for an email they may
 * not read, 409 while the worker has not analysed it yet.
 */
export async function getEmailThread(options: { principal: Principal; emailId: string }): Promise<EmailThreadDto> {
  const client = db();
  await findVisibleEmail({ client, emailId: options.emailId, principal: options.principal, permission: "read:archive" });
  const place = await selectThreadPlace(client, options.emailId);
  if (!place) throw conflict("The email is not analysed yet: its conversation is known once the worker reaches it");
  const rows = await selectConversationTree(client, place.conversationId, visibleEmailsCondition(options.principal));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const visibleAncestor = (parentId: string | null): string | null => {
    const seen = new Set<string>();
    for (let id = parentId; id !== null && !seen.has(id);) {
      seen.add(id);
      const row = byId.get(id);
      if (!row) return null;
      if (row.visible) return id;
      id = row.parentId;
    }
    return null;
  };
  const emails = rows
    .filter((row) => row.visible)
    .map((row) => ({
      id: row.id,
      parentId: visibleAncestor(row.parentId),
      subject: row.subject ?? "",
      from: row.from ?? "",
      sentAt: row.sentAt!,
      class: row.class as ThreadClass,
    }));
  return { id: place.conversationId, emails: inTreeOrder(emails) };
}

/**
 * Depth first from the roots, siblings by date then id (the rows come in that order): a parent always
 * before its replies, whatever their Date headers say.
 */
function inTreeOrder<T extends { id: string; parentId: string | null }>(emails: T[]): T[] {
  const children = new Map<string | null, T[]>();
  for (const email of emails) {
    const siblings = children.get(email.parentId);
    if (siblings) siblings.push(email);
    else children.set(email.parentId, [email]);
  }
  const ordered: T[] = [];
  const listed = new Set<string>();
  const visit = (parentId: string | null) => {
    for (const email of children.get(parentId) ?? []) {
      if (listed.has(email.id)) continue;
      listed.add(email.id);
      ordered.push(email);
      visit(email.id);
    }
  };
  visit(null);
  // Never reached from a root only if the links loop (they should not): listed after the rest, never dropped.
  return [...ordered, ...emails.filter((email) => !listed.has(email.id))];
}
