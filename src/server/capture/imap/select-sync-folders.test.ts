import { describe, expect, it } from "vitest";
import { isJunkOrTrash, selectSyncFolders, type ListedFolder } from "./select-sync-folders";

const folder = (path: string, flags: string[] = [], specialUse?: string): ListedFolder => ({
  path,
  name: path.split("/").pop()!,
  flags: new Set(flags),
  specialUse,
});

describe("selectSyncFolders", () => {
  const listed = [
    folder("INBOX", [], "\\Inbox"),
    folder("Archive", ["\\Noselect", "\\HasChildren"]),
    folder("Archive/2023"),
    folder("Sent", ["\\Sent"], "\\Sent"),
    folder("Quarantine", ["\\Junk"], "\\Junk"),
    folder("Junk"),
    folder("Deleted Items"),
    folder("Trash", ["\\Trash"], "\\Trash"),
    folder("Gone", ["\\NonExistent"]),
  ];

  it("takes every selectable folder except Junk and Trash by default", () => {
    expect(selectSyncFolders(listed)).toEqual({ folders: ["INBOX", "Archive/2023", "Sent"], missing: [] });
  });

  it("takes exactly the configured mailboxes, even Junk, and names the missing ones", () => {
    expect(selectSyncFolders(listed, ["inbox", "Junk", "Nope", "Archive"])).toEqual({
      folders: ["INBOX", "Junk"],
      missing: ["Nope", "Archive"],
    });
    expect(selectSyncFolders(listed, [])).toEqual(selectSyncFolders(listed));
  });
});

describe("isJunkOrTrash", () => {
  it("knows Junk and Trash by flag, by imapflow's special use, and by (localized) name", () => {
    expect(isJunkOrTrash(folder("Quarantine", ["\\junk"]))).toBe(true);
    expect(isJunkOrTrash(folder("Bin2", [], "\\Trash"))).toBe(true);
    for (const name of ["Junk", "Spam", "Junk E-mail", "Deleted Items", "Trash", "Papierkorb", "[Gmail]/Spam"])
      expect(isJunkOrTrash(folder(name))).toBe(true);
    for (const name of ["INBOX", "Sent", "Archive/2023", "Spam reports 2023", "Projects"]) expect(isJunkOrTrash(folder(name))).toBe(false);
  });
});
