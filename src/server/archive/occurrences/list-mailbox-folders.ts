import type { Principal } from "../../identity/auth/principal";
import { contentScope } from "../../identity/authz/content-scope";
import { db, type DbOrTx } from "../../platform/db/client";
import { scopeCondition } from "../../search/postgres-search-conditions.queries";
import { folderCounts } from "./occurrences.queries";
import type { MailboxFoldersQuery } from "./occurrences.schemas";
import type { MailboxFoldersDto } from "./occurrences.responses";

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
  const items = await folderCounts(options.client ?? db(), {
    visible: scopeCondition(contentScope(options.principal.ability)),
    sourceId: options.query.ingestionSourceId,
    mailbox: options.query.mailbox,
  });
  return { items };
}
