import type { Principal } from "../../identity/auth/principal";
import { contentScope } from "../../identity/authz/content-scope";
import { db, type DbOrTx } from "../../platform/db/client";
import { scopeCondition } from "../archive-scope.queries";
import { foldFolderDeltas, keptFolderCounts, visibleFolderCounts } from "./occurrences.queries";
import type { MailboxFoldersQuery } from "./occurrences.schemas";
import type { MailboxFoldersDto } from "./occurrences.responses";

/** A source's folder deltas are folded into one row per folder once this many extra rows have piled up. */
const FOLD_AFTER_DELTAS = 100;

/**
 * The mailboxes of each source and their folders, with the number of emails in each that the
 * caller may read (the content scope, docs/ediscovery.md "Who sees what"): the browsing tree. A
 * folder with none of the caller's mail is not listed.
 */
export async function listMailboxFolders(options: {
  principal: Principal;
  query: MailboxFoldersQuery;
  client?: DbOrTx;
}): Promise<MailboxFoldersDto> {
  const client = options.client ?? db();
  const filters = { sourceId: options.query.ingestionSourceId, mailbox: options.query.mailbox };
  const visible = scopeCondition(contentScope(options.principal.ability));
  if (visible) return { items: await visibleFolderCounts(client, { ...filters, visible }) };
  // The whole archive: the kept counts, folded per source once its deltas outnumber its folders by FOLD_AFTER_DELTAS.
  const rows = await keptFolderCounts(client, filters);
  const pending = new Map<string, number>();
  for (const row of rows) pending.set(row.ingestionSourceId, (pending.get(row.ingestionSourceId) ?? 0) + row.deltas - 1);
  for (const [sourceId, extra] of pending) if (extra > FOLD_AFTER_DELTAS) await foldFolderDeltas(client, sourceId);
  return { items: rows.filter((row) => row.count > 0).map(({ deltas: _deltas, ...row }) => row) };
}
