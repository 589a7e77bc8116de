/**
 * The emails list of one folder: the search `source:<id> mailbox:<address> folder:<name>` (the
 * folder matches any occurrence, so a message in two folders is listed in both). A mailbox that is
 * no address (a journal source's catch-all "journal", its source's only mailbox) is left out:
 * `mailbox:` takes whole addresses.
 */
export function folderListHref(folder: { ingestionSourceId: string; mailbox: string; folder: string }): string {
  const clauses = [
    `source:${folder.ingestionSourceId}`,
    ...(/^[^\s@"()]+@[^\s@"()]+$/.test(folder.mailbox) ? [`mailbox:${folder.mailbox}`] : []),
    `folder:"${folder.folder.replace(/"/g, " ")}"`,
  ];
  return `/emails?${new URLSearchParams({ query: clauses.join(" ") }).toString()}`;
}
