import { copyFile, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { buildMessage, zipOf } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { runArchiveCli } from "@tests/helpers/archive-cli";
import { systemActor } from "../../audit/append-audit-entry";
import { db } from "../../platform/db/client";
import type { ImportReceiptBody } from "../receipts/import-receipt";
import { findImportFiles } from "./files/find-import-files";
import { readImportFiles } from "./files/read-import-files";
import { importMessageStream } from "./import-message-stream";

useEmptyDatabasePerTest();

/**
 * Third-party mail as people keep it: CPython's email test messages, RFC 822 files named `.txt`
 * (installed with libpython3.11-testsuite by .ci/run). Two of them start with an mbox `From ` line
 * (msg_25, msg_43), one is a mailing-list digest body without headers (msg_19).
 */
const CPYTHON_MAIL = "/usr/lib/python3.11/test/test_email/data";
const NOT_MAIL = "not a message, mbox, zip or .pst file: its first line is neither a header field nor a From line";

async function cpythonMessages(): Promise<{ name: string; bytes: Buffer }[]> {
  const names = (await readdir(CPYTHON_MAIL)).filter((name) => /^msg_.*\.txt$/.test(name)).sort();
  expect(names).toHaveLength(47);
  return Promise.all(names.map(async (name) => ({ name, bytes: await readFile(path.join(CPYTHON_MAIL, name)) })));
}

async function createSource(token: string) {
  const response = await api("POST", "/v1/ingestion-sources", { token, body: { name: `By content ${Math.random()}`, provider: "upload" } });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

function upload(token: string, sourceId: string, contentType: string, bytes: Buffer) {
  return api("POST", `/v1/ingestion-sources/${sourceId}/import?userEmail=alice@example.com`, {
    token,
    rawBody: new Uint8Array(bytes),
    headers: { "content-type": contentType },
  });
}

const runArchive = (args: string[]) => runArchiveCli(args);

describe("mail is recognised by its content, not its name", () => {
  it("a zip of CPython's .txt messages imports every message; the one that is not mail fails alone with its reason", async () => {
    const admin = await setupAdmin();
    const sourceId = await createSource(admin.token);
    const messages = await cpythonMessages();
    const response = await upload(admin.token, sourceId, "application/zip", await zipOf(messages));
    expect(response.status).toBe(200);
    // 47 entries: 44 messages, 2 one-message mboxes, msg_19 (no header) fails alone.
    expect(response.body).toEqual({
      imported: 46,
      duplicates: 0,
      failed: [{ index: messages.findIndex((message) => message.name === "msg_19.txt"), reason: `msg_19.txt: ${NOT_MAIL}` }],
    });
    expect(await db().archivedEmail.count()).toBe(46);
    const fromMbox = await db().archivedEmail.findMany({ where: { path: { in: ["msg_25", "msg_43"] } }, select: { path: true } });
    expect(fromMbox.map((email) => email.path).sort()).toEqual(["msg_25", "msg_43"]);
  }, 120_000);

  it("the endpoint decides text/plain and application/octet-stream uploads by content", async () => {
    const admin = await setupAdmin();
    const sourceId = await createSource(admin.token);
    const single = await readFile(path.join(CPYTHON_MAIL, "msg_01.txt"));
    expect((await upload(admin.token, sourceId, "text/plain", single)).body).toEqual({ imported: 1, duplicates: 0, failed: [] });
    const zip = await zipOf([{ name: "a.txt", bytes: buildMessage({ subject: "zipped, sent as octet-stream" }) }]);
    expect((await upload(admin.token, sourceId, "application/octet-stream", zip)).body).toEqual({ imported: 1, duplicates: 0, failed: [] });
    const mbox = await readFile(path.join(CPYTHON_MAIL, "msg_43.txt"));
    expect((await upload(admin.token, sourceId, "text/plain", mbox)).body).toEqual({ imported: 1, duplicates: 0, failed: [] });
    const notMail = await upload(admin.token, sourceId, "text/plain", await readFile(path.join(CPYTHON_MAIL, "msg_19.txt")));
    expect(notMail.status).toBe(200);
    expect(notMail.body).toEqual({ imported: 0, duplicates: 0, failed: [{ index: 0, reason: NOT_MAIL }] });
    expect(await db().archivedEmail.count()).toBe(3);
  }, 60_000);

  it("an Outlook .pst sent as application/octet-stream is recognised and imported, its folders on the receipt", async () => {
    const admin = await setupAdmin();
    const sourceId = await createSource(admin.token);
    const pst = await readFile(path.resolve("node_modules/pst-extractor/example/testdata/enron.pst"));
    const response = await upload(admin.token, sourceId, "application/octet-stream", pst);
    expect(response.body).toEqual({ imported: 71, duplicates: 0, failed: [] });
    const receipt = JSON.parse((await db().importReceipt.findFirstOrThrow({ where: { sourceId } })).body) as ImportReceiptBody;
    expect(receipt.origin).toBe("upload");
    expect(receipt.mailboxes[0].folders.find((folder) => folder.folder.endsWith("MLOKAY (Non-Privileged)/Personal"))).toMatchObject({
      seen: 47,
      stored: 47,
    });
  }, 120_000);

  it("the CLI imports the folder of .txt messages and lists every file it skipped with the reason", async () => {
    const admin = await setupAdmin();
    await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "CPython", provider: "upload" } });
    const result = await runArchive(["import", "--source", "CPython", "--user", "alice@example.com", "--no-progress", CPYTHON_MAIL]);
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary).toMatchObject({ imported: 46, duplicates: 0, failed: [] });
    const skipped = summary.skipped as { file: string; reason: string }[];
    // The folder's pictures and sounds, and the digest body without headers.
    const others = (await readdir(CPYTHON_MAIL)).filter((name) => !name.startsWith("msg_")).sort();
    expect(skipped.map((file) => path.basename(file.file)).sort()).toEqual([...others, "msg_19.txt"].sort());
    expect(skipped.find((file) => file.file.endsWith("msg_19.txt"))?.reason).toBe(NOT_MAIL);
    expect(result.stderr).toContain(`skipped ${path.join(CPYTHON_MAIL, "msg_19.txt")}: ${NOT_MAIL}`);
  }, 120_000);

  it("the CLI exits 1 when it skipped files and imported nothing", async () => {
    const admin = await setupAdmin();
    await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Nothing", provider: "upload" } });
    const root = await mkdtemp(path.join(tmpdir(), "not-mail-"));
    await copyFile(path.join(CPYTHON_MAIL, "msg_19.txt"), path.join(root, "digest.txt"));
    await writeFile(path.join(root, "notes.md"), "# notes\n");
    const result = await runArchive(["import", "--source", "Nothing", "--user", "alice@example.com", "--no-progress", root]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      imported: 0,
      duplicates: 0,
      failed: [],
      skipped: [
        { file: path.join(root, "digest.txt"), reason: NOT_MAIL },
        { file: path.join(root, "notes.md"), reason: NOT_MAIL },
      ],
    });
  }, 120_000);
});

describe("an import's receipt counts per folder", () => {
  it("a .pst's receipt has each of its folders with its counts, not one (cli-import) folder", async () => {
    const admin = await setupAdmin();
    const sourceId = await createSource(admin.token);
    const { files } = await findImportFiles([path.resolve("node_modules/pst-extractor/example/testdata/enron.pst")]);
    const summary = await importMessageStream({
      actor: systemActor("test"),
      sourceId,
      userEmail: "lokay-m@enron.example",
      items: readImportFiles(files, () => undefined),
      origin: { cli: true },
    });
    expect(summary).toEqual({ imported: 71, duplicates: 0, failed: [] });
    const receipt = JSON.parse((await db().importReceipt.findFirstOrThrow({ where: { sourceId } })).body) as ImportReceiptBody;
    expect(receipt.origin).toBe("cli-import");
    const folders = receipt.mailboxes[0].folders;
    expect(folders.map((folder) => folder.folder)).not.toContain("(cli-import)");
    const personal = folders.find((folder) => folder.folder.endsWith("MLOKAY (Non-Privileged)/Personal"));
    expect(personal).toMatchObject({ seen: 47, stored: 47, alreadyArchived: 0, failed: [] });
    // The folders add up to the whole import, and each matches what the archive holds under its path.
    expect(folders.reduce((total, folder) => total + folder.stored, 0)).toBe(71);
    const held = await db().archivedEmail.groupBy({ by: ["path"], where: { ingestionSourceId: sourceId }, _count: true });
    expect(Object.fromEntries(folders.map((folder) => [folder.folder, folder.stored]))).toEqual(
      Object.fromEntries(held.map((group) => [group.path, group._count])),
    );
  }, 120_000);
});
