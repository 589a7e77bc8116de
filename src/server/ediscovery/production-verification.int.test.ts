import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { principalForUser } from "../identity/auth/authenticate";
import { db } from "../platform/db/client";
import { ingestBatch } from "../capture/ingestion/ingest-batch";
import { installationPublicKey, signWithInstallationKey } from "../platform/signing/installation-signing-key";
import { exportDirectory } from "./export/production-format";
import { productionZip } from "./export/production-zip";
import { runNextExport } from "./export/run-export";
import { verifyExport } from "./verify-export";
import { verifyExportZip } from "../../../scripts/verify-export.mjs";
import { setupAdmin } from "@tests/helpers/auth";
import { createCaseVia, createTagVia, EDISCOVERY } from "@tests/helpers/ediscovery";
import { ensureTestSource } from "@tests/helpers/emails";
import { buildMessage } from "@tests/helpers/mail";
import { prefixed, renameInPlace, writeZip, zipFiles, zipLayout, type ZipFileEntry } from "@tests/helpers/production-zip-forgery";
import { api } from "@tests/helpers/rest-client";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { runProcess } from "@tests/helpers/run-process";

/**
 * The offline verifier (scripts/verify-export.mjs) and the server-side verify accept a production
 * exactly as the archive wrote it and nothing else (issue 34, item 5): forged zips built from a real
 * production, and a mutation fuzz of the zip and of the production's files on disk.
 */

useEmptyDatabasePerTest();
// Each test ingests real messages and runs the worker's code: slow on a busy machine.
const SLOW = { timeout: 600_000 };
const scratch = mkdtempSync(path.join(tmpdir(), "verify-production-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const messages = [
  buildMessage({ subject: "Merger one", to: ["Bob <bob@example.com>"], body: "From the start\r\n>From quoted\r\nmerger" }),
  // The last message in the production (the latest date), and without a final line break.
  Buffer.from(
    buildMessage({ subject: "Merger two", body: "merger, no final line break", date: "Tue, 16 Jan 2024 12:00:00 +0000" })
      .toString("latin1")
      .replace(/\r\n$/, ""),
    "latin1",
  ),
  buildMessage({
    subject: "Merger three",
    body: "merger",
    attachments: [{ filename: "notes.txt", contentType: "text/plain", content: "merger notes text" }],
  }),
];

/** The messages ingested and exported (eml with attachment text, or mbox) by the admin: the export row and its zip. */
async function production(format: "eml" | "mbox") {
  const admin = await setupAdmin();
  const outcomes = await ingestBatch({
    sourceId: await ensureTestSource(),
    userEmail: "alice@example.com",
    messages: messages.map((raw) => ({ raw })),
  });
  const ids = outcomes.map((outcome) => (outcome.status === "imported" ? outcome.emailId : ""));
  const matter = await createCaseVia(admin.token);
  const tag = await createTagVia(admin.token, matter.id, "Responsive");
  await api("POST", `${EDISCOVERY}/cases/${matter.id}/tags/${tag.id}/apply`, { token: admin.token, body: { emailIds: ids } });
  const created = await api("POST", `${EDISCOVERY}/cases/${matter.id}/exports`, {
    token: admin.token,
    body: { name: "Production", source: { tagId: tag.id }, format, includeAttachmentText: format === "eml" },
  });
  while (await runNextExport());
  const row = await db().ediscoveryExport.findUniqueOrThrow({ where: { id: created.body.id } });
  expect(row.status).toBe("completed");
  const zip = Buffer.concat(await productionZip(row).toArray());
  return { admin, matter, row, zip, ids };
}

let written = 0;
/** The verifier's answer for these zip bytes, with the installation's key or (keyFromZip) the zip's own. */
function verifyBytes(zip: Buffer, keyFromZip = false) {
  const file = path.join(scratch, `${written++}.zip`);
  writeFileSync(file, zip);
  try {
    return verifyExportZip(file, keyFromZip ? {} : { publicKeyPem: installationPublicKey().publicKey });
  } finally {
    rmSync(file);
  }
}

/** What Python's zipfile extracts as `name` from these zip bytes (latin1). */
async function pythonReads(zip: Buffer, name: string): Promise<string> {
  const file = path.join(scratch, `${written++}.zip`);
  writeFileSync(file, zip);
  const read = await runProcess("python3", [
    "-c",
    "import zipfile,sys; print(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).hex())",
    file,
    name,
  ]);
  rmSync(file);
  expect(read.stderr).toBe("");
  return Buffer.from(read.stdout.trim(), "hex").toString("latin1");
}

const edited = (data: Buffer) => Buffer.from(data.toString("latin1").replaceAll("Merger one", "Merger ONE"), "latin1");

/** Expects the verifier to refuse the zip, with a problem matching `why`. */
function expectRefused(zip: Buffer, why: RegExp) {
  const result = verifyBytes(zip);
  expect(result.ok, JSON.stringify(result.problems)).toBe(false);
  expect(result.problems.join("\n")).toMatch(why);
}

describe("verifying a production", () => {
  it("refuses zips that other readers read differently, edited or extra files, and bad names (each printed OK before)", SLOW, async () => {
    const { zip, ids } = await production("eml");
    expect(verifyBytes(zip)).toEqual({ ok: true, problems: [], messages: 3, keyFromZip: false });
    const files = zipFiles(zip);
    const { mtime } = zipLayout(zip);
    // The helper writes the archive's layout byte for byte: each forgery differs only where it means to.
    expect((await writeZip(files, { mtime })).equals(zip)).toBe(true);
    const message = `messages/${ids[0]}.eml`;
    const alter = (entries: ZipFileEntry[]) =>
      entries.map((file) => (file.name === message || file.name === "loadfile.dat" ? { ...file, data: edited(file.data) } : file));
    const forgery = alter(files);
    expect(forgery.find((file) => file.name === message)!.data.equals(files.find((file) => file.name === message)!.data)).toBe(false);

    // A second central directory and its entries between the first and the end record: Python reads the altered files.
    const second = await writeZip(forgery, { mtime });
    const twoDirectories = Buffer.concat([
      zip.subarray(0, zipLayout(zip).endAt),
      second.subarray(0, zipLayout(second).endAt),
      zip.subarray(zipLayout(zip).endAt),
    ]);
    expect(await pythonReads(twoDirectories, message)).toContain("Merger ONE");
    expect(await pythonReads(twoDirectories, "loadfile.dat")).toContain("Merger ONE");
    expectRefused(twoDirectories, /end of central directory record does not sit right after the central directory it points to/);

    // The same with ZIP64 end records: the production rewritten as ZIP64 verifies; a second ZIP64 record does not.
    const zip64 = await writeZip(files, { mtime, zip64: true });
    expect(verifyBytes(zip64)).toMatchObject({ ok: true, messages: 3 });
    const second64 = await writeZip(forgery, { mtime, zip64: true });
    const [first64, forged64] = [zipLayout(zip64), zipLayout(second64)];
    const twoRecords = Buffer.concat([
      zip64.subarray(0, first64.locatorAt),
      second64.subarray(0, forged64.locatorAt),
      zip64.subarray(first64.locatorAt),
    ]);
    expect(await pythonReads(twoRecords, message)).toContain("Merger ONE");
    expectRefused(twoRecords, /ZIP64 end of central directory record does not sit right before its locator/);
    // Bytes between the directory and a ZIP64 record the locator still finds.
    const gap = Buffer.concat([zip64.subarray(0, first64.endRecordsAt), Buffer.from("gap"), zip64.subarray(first64.endRecordsAt)]);
    gap.writeBigUInt64LE(BigInt(first64.endRecordsAt + 3), first64.locatorAt + 3 + 8);
    expectRefused(gap, /does not sit right after the central directory it points to/);

    // Bytes after the end record, and before the first entry (offsets moved, as a self-extracting archive does).
    expectRefused(Buffer.concat([zip, Buffer.from("trailing garbage")]), /does not end with an end of central directory record/);
    expectRefused(prefixed(zip, Buffer.from("#!/bin/sh\nexit 0\n")), /bytes before the first entry/);

    // Files edited: the load file and the README are listed in the signed manifest by hash.
    const replaced = (name: string, data: Buffer) => files.map((file) => (file.name === name ? { name, data } : file));
    const loadfile = files.find((file) => file.name === "loadfile.dat")!.data;
    expectRefused(
      await writeZip(replaced("loadfile.dat", Buffer.concat([loadfile, Buffer.from("þDOC9þ\r\n")])), { mtime }),
      /loadfile\.dat: SHA-256/,
    );
    const readme = files.find((file) => file.name === "README.txt")!.data;
    expectRefused(
      await writeZip(replaced("README.txt", Buffer.from(readme.toString().replace("Unrestricted", "Restricted"))), { mtime }),
      /README\.txt: SHA-256/,
    );

    // Extra entries: a backslash name (Windows tools put it into messages/), another case of a directory.
    const planted = await writeZip([...files, { name: "messages/planted.eml", data: messages[0] }], { mtime });
    expectRefused(renameInPlace(planted, "messages/planted.eml", "messages\\planted.eml"), /"messages\\\\planted\.eml" has a backslash/);
    expectRefused(
      await writeZip([...files, { name: "Messages/x.eml", data: messages[0] }], { mtime }),
      /Messages\/x\.eml is not listed in the signed manifest/,
    );
    // Two entries of one name (readers that take the first get the forged one), and names differing only in case.
    const forged = forgery.find((file) => file.name === message)!;
    expectRefused(await writeZip([forged, ...files], { mtime }), new RegExp(`two entries are named "${message}"`));
    expectRefused(
      await writeZip([...files, { name: "README.TXT", data: readme }], { mtime }),
      /"README\.txt" and "README\.TXT" differ only in case/,
    );

    // Local headers that disagree with the central directory: name, flags and sizes (what streaming readers use), CRC.
    const other = `messages/${ids[1]}.eml`;
    expectRefused(renameInPlace(zip, message, other, { central: false }), /its local header disagrees with the central directory/);
    const entry = zipLayout(zip).entries.find((candidate) => candidate.name === message)!;
    const streamed = Buffer.from(zip);
    streamed.writeUInt16LE(0x0800, entry.local + 6);
    streamed.writeUInt32LE(10, entry.local + 18);
    streamed.writeUInt32LE(10, entry.local + 22);
    expectRefused(streamed, /its local header disagrees with the central directory/);
    const crc = Buffer.from(zip);
    crc.writeUInt32LE((zip.readUInt32LE(entry.data + entry.size + 4) ^ 1) >>> 0, entry.data + entry.size + 4);
    expectRefused(crc, /its data descriptor disagrees with the central directory/);
  });

  it("refuses an mbox whose From lines or record ends differ from the manifest, and a production of the old format", SLOW, async () => {
    const { admin, matter, row, zip } = await production("mbox");
    expect(verifyBytes(zip)).toEqual({ ok: true, problems: [], messages: 3, keyFromZip: false });
    const files = zipFiles(zip);
    const { mtime } = zipLayout(zip);
    const mbox = files.find((file) => file.name === "messages.mbox")!.data;
    const withMbox = (data: Buffer) =>
      writeZip(
        files.map((file) => (file.name === "messages.mbox" ? { ...file, data } : file)),
        { mtime },
      );
    expectRefused(
      await withMbox(Buffer.from(mbox.toString("latin1").replace("From alice@example.com", "From alice@example.org"), "latin1")),
      /From line in messages\.mbox is not the one its manifest row gives/,
    );
    // The last message does not end with a line break, so without its record's "\n" it still hashes the same.
    expect(mbox.at(-1)).toBe(0x0a);
    expectRefused(await withMbox(mbox.subarray(0, -1)), /does not end with a line break/);
    // Every byte of messages.mbox changed, one at a time, in a zip with the right CRCs: From lines, quoting and
    // separators are all checked against the manifest.
    for (let at = 0; at < mbox.length; at++) {
      const copy = Buffer.from(mbox);
      copy[at] ^= 1 << (at % 8);
      expect(verifyBytes(await withMbox(copy)).ok, `mbox byte ${at} changed`).toBe(false);
    }

    // A production written before every file was signed: its manifest lists the messages only. Refused, saying why.
    const directory = exportDirectory(row.id);
    const manifest = readFileSync(path.join(directory, "manifest.csv"), "utf8").split("\r\n");
    const legacy = Buffer.from(manifest.filter((line) => !line.startsWith(",,")).join("\r\n"));
    writeFileSync(path.join(directory, "manifest.csv"), legacy);
    writeFileSync(path.join(directory, "manifest.sig"), `${signWithInstallationKey(legacy)}\n`);
    const old = verifyBytes(Buffer.concat(await productionZip(row).toArray()));
    expect(old).toMatchObject({ ok: false, messages: 3, problems: [expect.stringMatching(/lists the messages only: .* export it again/)] });
    const principal = (await principalForUser(admin.user.id, "127.0.0.1", "token"))!;
    expect(await verifyExport({ principal, caseId: matter.id, exportId: row.id })).toMatchObject({ ok: false, problems: old.problems });
  });

  it("never verifies a mutated production: the zip offline (fuzz), the files on disk on the server (fuzz)", SLOW, async () => {
    const { admin, matter, row, zip } = await production("eml");
    const files = zipFiles(zip);
    const { mtime } = zipLayout(zip);
    const anyEntry = fc.nat({ max: files.length - 1 });
    const rebuilt = (entries: ZipFileEntry[]) => writeZip(entries, { mtime });
    const swapCase = (name: string) =>
      name.replace(/[a-zA-Z]/, (letter) => (letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase()));
    // Each mutation of the production's zip bytes or of its entries (the zip rewritten in the archive's layout).
    const mutation = fc.oneof(
      fc.record({ at: fc.nat({ max: zip.length - 1 }), xor: fc.integer({ min: 1, max: 255 }) }).map(({ at, xor }) => async () => {
        const copy = Buffer.from(zip);
        copy[at] ^= xor;
        return copy;
      }),
      fc.nat({ max: zip.length - 1 }).map((length) => async () => zip.subarray(0, length)),
      fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => async () => Buffer.concat([zip, bytes])),
      fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => async () => Buffer.concat([bytes, zip])),
      fc.tuple(anyEntry, fc.constantFrom("x", "~", ".eml", " ")).map(
        ([index, suffix]) =>
          async () =>
            rebuilt(files.map((file, n) => (n === index ? { ...file, name: `${file.name}${suffix}` } : file))),
      ),
      anyEntry.map((index) => async () => rebuilt(files.map((file, n) => (n === index ? { ...file, name: swapCase(file.name) } : file)))),
      anyEntry.map((index) => async () => {
        // A backslash where the name's last "/" is, or for its first character.
        const name = files[index].name;
        const at = Math.max(name.lastIndexOf("/"), 0);
        return renameInPlace(zip, name, `${name.slice(0, at)}\\${name.slice(at + 1)}`);
      }),
      fc
        .tuple(anyEntry, anyEntry)
        .filter(([a, b]) => a !== b)
        .map(([a, b]) => async () => {
          const swapped = [...files];
          [swapped[a], swapped[b]] = [swapped[b], swapped[a]];
          return rebuilt(swapped);
        }),
      fc.tuple(anyEntry, fc.nat({ max: files.length })).map(
        ([index, at]) =>
          async () =>
            rebuilt([...files.slice(0, at), files[index], ...files.slice(at)]),
      ),
      anyEntry.map((index) => async () => rebuilt(files.filter((_, n) => n !== index))),
      fc.tuple(anyEntry, fc.nat(), fc.integer({ min: 1, max: 255 })).map(
        ([index, at, xor]) =>
          async () =>
            rebuilt(
              files.map((file, n) => {
                if (n !== index) return file;
                const data = Buffer.concat([file.data, file.data.length === 0 ? Buffer.from("x") : Buffer.alloc(0)]);
                data[at % data.length] ^= xor;
                return { ...file, data };
              }),
            ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(mutation, fc.boolean(), async (mutate, keyFromZip) => {
        const result = verifyBytes(await mutate(), keyFromZip);
        expect(result.ok).toBe(false);
        expect(result.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
    // Every byte of the zip's structure changed, one at a time (an unchecked field of a header or record passes here;
    // the entries' data is covered by the hashes and sampled above).
    const data = zipLayout(zip).entries.map((entry) => [entry.data, entry.data + entry.size]);
    for (let at = 0; at < zip.length; at++) {
      if (data.some(([start, end]) => at >= start && at < end)) continue;
      const copy = Buffer.from(zip);
      copy[at] ^= 1 << (at % 8);
      expect(verifyBytes(copy).ok, `byte ${at} changed`).toBe(false);
    }
    // The command itself prints FAILED, never OK, for a few of them.
    const cli = path.join(scratch, "cli.zip");
    for (const bytes of [Buffer.concat([zip, Buffer.from("x")]), renameInPlace(zip, "README.txt", "README.TXT"), zip.subarray(1)]) {
      writeFileSync(cli, bytes);
      const run = await runProcess(process.execPath, ["scripts/verify-export.mjs", cli]);
      expect(run.stdout).not.toMatch(/^OK/m);
      expect(run.stdout).toMatch(/^FAILED/m);
      expect(run.code).toBe(1);
    }

    // The server-side verify reads the production's files on disk: whatever changes among them, it never answers verified.
    const principal = (await principalForUser(admin.user.id, "127.0.0.1", "token"))!;
    const verifyOnServer = () => verifyExport({ principal, caseId: matter.id, exportId: row.id });
    expect(await verifyOnServer()).toMatchObject({ ok: true, messages: 3 });
    const directory = exportDirectory(row.id);
    const pristine = path.join(scratch, "pristine");
    cpSync(directory, pristine, { recursive: true });
    const onDisk = (readdirSync(directory, { recursive: true }) as string[])
      .filter((name) => statSync(path.join(directory, name)).isFile())
      .sort();
    const anyFile = fc.constantFrom(...onDisk.filter((name) => statSync(path.join(directory, name)).size > 0));
    const change = fc.oneof(
      fc.tuple(anyFile, fc.nat(), fc.integer({ min: 1, max: 255 })).map(([name, at, xor]) => ({
        name,
        apply: (file: string) => {
          const bytes = readFileSync(file);
          bytes[at % bytes.length] ^= xor;
          writeFileSync(file, bytes);
        },
      })),
      fc
        .tuple(anyFile, fc.nat())
        .map(([name, length]) => ({ name, apply: (file: string) => truncateSync(file, length % Math.max(statSync(file).size, 1)) })),
      fc
        .tuple(anyFile, fc.uint8Array({ minLength: 1, maxLength: 16 }))
        .map(([name, bytes]) => ({ name, apply: (file: string) => writeFileSync(file, bytes, { flag: "a" }) })),
      anyFile.map((name) => ({ name, apply: (file: string) => rmSync(file) })),
      fc.tuple(anyFile, fc.constantFrom("~", ".bak", "upper")).map(([name, how]) => ({
        name,
        apply: (file: string) =>
          renameSync(file, how === "upper" ? path.join(path.dirname(file), swapCase(path.basename(file))) : `${file}${how}`),
      })),
      fc.constantFrom("attachments-text/planted.txt", "attachments-text/planted.eml").map((planted) => ({
        name: null,
        apply: () => writeFileSync(path.join(directory, planted), "planted"),
      })),
    );
    await fc.assert(
      fc.asyncProperty(change, anyFile, async (mutation, fallback) => {
        try {
          mutation.apply(path.join(directory, mutation.name ?? fallback));
          const result = await verifyOnServer();
          expect(result.ok, JSON.stringify(mutation)).toBe(false);
        } finally {
          rmSync(directory, { recursive: true, force: true });
          cpSync(pristine, directory, { recursive: true });
        }
      }),
      { numRuns: 60 },
    );
    expect(await verifyOnServer()).toMatchObject({ ok: true });
  });
});
