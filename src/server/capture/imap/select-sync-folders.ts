import { specialUse } from "imapflow/lib/special-use.js";

export interface ListedFolder {
  path: string;
  /** The last segment of the path. */
  name: string;
  flags: Set<string>;
  specialUse?: string;
}

const SKIPPED_USES = new Set(["\\junk", "\\trash"]);
const UNSELECTABLE = new Set(["\\noselect", "\\nonexistent"]);

const lower = (flags: Iterable<string>) => [...flags].map((flag) => flag.toLowerCase());

/**
 * Junk or Trash by the server's special-use flag, or by name ("Junk", "Spam", "Deleted Items",
 * localized names: imapflow's table) when the server marks no folder or marks another one.
 */
export function isJunkOrTrash(folder: ListedFolder): boolean {
  const uses = [...lower(folder.flags), folder.specialUse?.toLowerCase() ?? ""];
  if (uses.some((use) => SKIPPED_USES.has(use))) return true;
  const byName = specialUse(false, { name: folder.name, flags: new Set() }).flag;
  return byName !== null && SKIPPED_USES.has(byName.toLowerCase());
}

const samePath = (a: string, b: string) => a === b || (a.toUpperCase() === "INBOX" && b.toUpperCase() === "INBOX");

/**
 * The folders one sync archives, in listing order: the configured `mailboxes` exactly (`missing`
 * names those the server does not list), or else every selectable folder except Junk and Trash.
 */
export function selectSyncFolders(listed: ListedFolder[], configured?: string[]): { folders: string[]; missing: string[] } {
  const selectable = listed.filter((folder) => !lower(folder.flags).some((flag) => UNSELECTABLE.has(flag)));
  if (configured && configured.length > 0) {
    const found = configured.map((wanted) => ({ wanted, folder: selectable.find((folder) => samePath(folder.path, wanted)) }));
    return {
      folders: [...new Set(found.flatMap(({ folder }) => (folder ? [folder.path] : [])))],
      missing: found.filter(({ folder }) => !folder).map(({ wanted }) => wanted),
    };
  }
  return { folders: selectable.filter((folder) => !isJunkOrTrash(folder)).map((folder) => folder.path), missing: [] };
}

/** The selectable folders a sync leaves out (not in `selected`), each with why. */
export function excludedSyncFolders(listed: ListedFolder[], selected: string[]): { folder: string; reason: string }[] {
  return listed
    .filter((folder) => !lower(folder.flags).some((flag) => UNSELECTABLE.has(flag)) && !selected.includes(folder.path))
    .map((folder) => ({
      folder: folder.path,
      reason: isJunkOrTrash(folder) ? "Junk or Trash, skipped by default" : "not among the source's mailboxes",
    }));
}
