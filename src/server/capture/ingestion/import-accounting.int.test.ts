import { copyFile, mkdir, mkdtemp, open, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PSTFile, type PSTFolder, type PSTMessage } from "pst-extractor";
import { describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { ensureTestSource } from "@tests/helpers/emails";
import { buildMessage, mboxOf, zipOf } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { systemActor } from "../../audit/append-audit-entry";
import { db } from "../../platform/db/client";
import { findImportFiles } from "./files/find-import-files";
import { readImportFiles } from "./files/read-import-files";
import { importMessageStream, type ImportSummary } from "./import-message-stream";

useEmptyDatabasePerTest();

/** The invariant of every import: each item given is imported, a duplicate, or failed with its index. */
function expectAccounted(summary: ImportSummary, itemsSeen: number) {
  expect(summary.imported + summary.duplicates + summary.failed.length).toBe(itemsSeen);
  expect(new Set(summary.failed.map((failure) => failure.index)).size).toBe(summary.failed.length);
  for (const failure of summary.failed) expect(failure.index).toBeLessThan(itemsSeen);
}

async function upload(contentType: string, bytes: Buffer): Promise<ImportSummary> {
  const admin = await setupAdmin();
  const sourceId = await ensureTestSource();
  const response = await api("POST", `/v1/ingestion-sources/${sourceId}/import?userEmail=alice@example.com`, {
    token: admin.token,
    rawBody: new Uint8Array(bytes),
    headers: { "content-type": contentType },
  });
  expect(response.status).toBe(200);
  return response.body;
}

async function importPaths(paths: string[]): Promise<ImportSummary> {
  const { files } = await findImportFiles(paths);
  return importMessageStream({
    actor: systemActor("test"),
    sourceId: await ensureTestSource(),
    userEmail: "alice@example.com",
    items: readImportFiles(files, () => undefined),
    origin: { test: true },
  });
}

const message = (subject: string) => buildMessage({ subject });

/** yazl refuses unsafe names, so the zip is written with stand-ins of the same length and patched. */
function renameEntries(zip: Buffer, names: Record<string, string>): Buffer {
  let bytes = zip.toString("latin1");
  for (const [standIn, name] of Object.entries(names)) {
    expect(standIn).toHaveLength(name.length);
    bytes = bytes.split(standIn).join(name);
  }
  return Buffer.from(bytes, "latin1");
}

describe("an import accounts for every item it was given (imported + duplicates + failed = items seen)", () => {
  it("mbox: a message that cannot be archived in the middle fails alone", async () => {
    const file = Buffer.concat([
      mboxOf([message("a"), message("b")]),
      Buffer.from("From bad Mon Jan 15 12:00:00 2024\n\n"),
      mboxOf([message("c"), message("d")]),
    ]);
    const summary = await upload("application/mbox", file);
    expect(summary).toEqual({ imported: 4, duplicates: 0, failed: [{ index: 2, reason: "empty message" }] });
    expectAccounted(summary, 5);
  });

  it("zip: entries with unsafe names (../x.eml, /x.eml) are archived, a bad entry fails alone, and every later entry is read", async () => {
    const zip = await zipOf([
      { name: "one.eml", bytes: message("one") },
      { name: "two.eml", bytes: message("two") },
      { name: "__/x.eml", bytes: message("dot-dot") },
      { name: "_x.eml", bytes: message("absolute") },
      { name: "notes.txt", bytes: Buffer.from("not mail") },
      { name: "Sent/three.eml", bytes: message("three") },
    ]);
    const summary = await upload("application/zip", renameEntries(zip, { "__/x.eml": "../x.eml", "_x.eml": "/x.eml" }));
    expect(summary).toEqual({
      imported: 5,
      duplicates: 0,
      failed: [
        { index: 4, reason: "notes.txt: not a message, mbox, zip or .pst file: its first line is neither a header field nor a From line" },
      ],
    });
    expectAccounted(summary, 6);
    const emails = await db().archivedEmail.findMany({ orderBy: { subject: "asc" } });
    expect(emails.map((email) => [email.subject, email.path])).toEqual([
      ["absolute", ""],
      ["dot-dot", ""],
      ["one", ""],
      ["three", "Sent"],
      ["two", ""],
    ]);
  });

  it("folders: an entry that cannot be read (a broken link) fails alone; the files after it are imported", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "import-accounting-"));
    await writeFile(path.join(root, "a.eml"), message("a"));
    await writeFile(path.join(root, "b.eml"), message("b"));
    await symlink(path.join(root, "gone.eml"), path.join(root, "c.eml"));
    await mkdir(path.join(root, "d"));
    await writeFile(path.join(root, "d", "Sent.mbox"), mboxOf([message("d1"), message("d2")]));
    await writeFile(path.join(root, "e.eml"), message("e"));
    const summary = await importPaths([root]);
    expect(summary).toEqual({
      imported: 5,
      duplicates: 0,
      failed: [{ index: 2, reason: `${path.join(root, "c.eml")}: cannot be read (ENOENT)` }],
    });
    expectAccounted(summary, 6);
    expectAccounted(await importPaths([root]), 6);
  });

  it("PST: a message whose data is damaged fails alone with its index; the rest of its folder and the file are imported", async () => {
    const sample = path.resolve("node_modules/pst-extractor/example/testdata/enron.pst");
    const damaged = path.join(await mkdtemp(path.join(tmpdir(), "import-accounting-")), "damaged.pst");
    await copyFile(sample, damaged);
    // The 10th message of the sample's "Personal" folder (47 messages) gets its data block zeroed.
    const pst = new PSTFile(sample);
    const find = (folder: PSTFolder): PSTFolder | undefined =>
      folder.displayName === "Personal" ? folder : folder.hasSubfolders ? folder.getSubFolders().map(find).find(Boolean) : undefined;
    const personal = find(pst.getRootFolder())!;
    let tenth: PSTMessage | null = null;
    for (let position = 0; position < 10; position++) tenth = personal.getNextChild();
    const block = pst.getOffsetIndexNode(pst.getDescriptorIndexNode(tenth!.descriptorNodeId).dataOffsetIndexIdentifier);
    pst.close();
    const handle = await open(damaged, "r+");
    await handle.write(Buffer.alloc(block.size), 0, block.size, block.fileOffset.toNumber());
    await handle.close();

    const summary = await importPaths([damaged]);
    expect(summary).toEqual({
      imported: 70,
      duplicates: 0,
      failed: [{ index: expect.any(Number), reason: expect.stringContaining("unreadable item 10 of the folder") }],
    });
    expect(summary.failed[0].index).toBeGreaterThan(0);
    expect(summary.failed[0].index).toBeLessThan(70);
    expectAccounted(summary, 71);
  }, 300_000);
});
