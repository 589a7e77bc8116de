import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { buildMessage } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { queryOn, useRestoreTargets } from "@tests/helpers/restore-target";
import { runArchiveCli } from "@tests/helpers/archive-cli";
import { withEnv } from "@tests/helpers/with-env";
import { systemActor } from "../../audit/append-audit-entry";
import { db } from "../../platform/db/client";
import { importMessageStream } from "../../capture/ingestion/import-message-stream";
import { jobHandlers } from "../../composition/job-handlers";
import { runNextJob } from "../../platform/jobs/run-next-job";
import { checkInstallation } from "../../installation/check-installation";
import { createBackup } from "../../installation/create-backup";
import { isSealed, isSkeleton, openPayload } from "./blob-envelope";
import { blobStore } from "./blob-store-factory";
import { convertStoredBlobsPage, startStorageConversion, STORAGE_CONVERSION_JOB, storageConversionProgress } from "./convert-stored-blobs";
import { forgetDataKeyring } from "./data-keyring";
import { pgPool } from "../../platform/db/pg-pool";
import { ensureStorageConversionRow, recordStorageConversionStep } from "./storage.queries";
import { LocalBlobStore } from "./local-blob-store";
import { SealedBlobStore } from "./sealed-blob-store";

useEmptyDatabasePerTest();

const freshTarget = useRestoreTargets();
const runArchive = (args: string[], env: Record<string, string> = {}) => runArchiveCli(args, env);

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function importPlain(count: number): Promise<Buffer[]> {
  const shared = { filename: "shared.txt", content: "the same attachment in every third message\r\n".repeat(100) };
  const messages = Array.from({ length: count }, (_, n) =>
    buildMessage({
      subject: `old ${n}`,
      body: `plain text of old message ${n}\r\n`.repeat(20),
      attachments: n % 3 === 0 ? [shared, { filename: `noise-${n}.bin`, content: randomBytes(5000) }] : [],
    }),
  );
  return (await importAsOldVersions(messages)).messages;
}

/**
 * Imports `messages` as versions before sealing and single-instance attachments stored them: each
 * raw message whole and in clear, each attachment again, decoded, as a blob of its own.
 */
async function importAsOldVersions(messages: Buffer[]): Promise<{ messages: Buffer[]; token: string }> {
  return withEnv({ STORAGE_ENCRYPTION: "false", STORAGE_COMPRESSION: "false" }, async () => {
    const admin = await setupAdmin();
    const source = (await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Old", provider: "upload" } })).body;
    async function* items() {
      for (const raw of messages) yield { raw };
    }
    await importMessageStream({
      actor: systemActor("test"),
      sourceId: source.id,
      userEmail: "old@example.com",
      items: items(),
      origin: {},
    });
    return { messages, token: admin.token };
  });
}

/** `raw` with the base64 body of `attachment` wrapped at `lineLength` and ended by `lineEnd` instead of 76 and CRLF. */
function rewrapped(raw: Buffer, attachment: Buffer, lineLength: number, lineEnd = "\r\n"): Buffer {
  const wrap = (length: number, end: string) => (attachment.toString("base64").match(new RegExp(`.{1,${length}}`, "g")) ?? []).join(end);
  const text = raw.toString("latin1");
  const at = text.indexOf(wrap(76, "\r\n"));
  expect(at).toBeGreaterThan(0);
  const before = text.slice(0, at) + wrap(lineLength, lineEnd) + text.slice(at + wrap(76, "\r\n").length);
  return Buffer.from(lineEnd === "\n" ? before.replace(/\r\n/g, "\n") : before, "latin1");
}

/** Each message through `/raw`, byte for byte the one imported. */
async function expectEveryRawIdentical(messages: Buffer[], token: string) {
  const emails = await db().archivedEmail.findMany();
  expect(emails).toHaveLength(messages.length);
  for (const email of emails) {
    const raw = await api("GET", `/v1/archived-emails/${email.id}/raw`, { token });
    expect(raw.status).toBe(200);
    expect(sha256(raw.bytes)).toBe(email.storageHashSha256);
    expect(
      messages.some((message) => message.equals(raw.bytes)),
      email.subject ?? "",
    ).toBe(true);
  }
}

/** What each referenced blob holds once opened (a skeleton stays a skeleton), by key. */
async function storedPayloads(): Promise<Map<string, { stored: Buffer; payload: Buffer }>> {
  const store = blobStore();
  await store.keyring.loadAll();
  const rows = [...(await db().archivedEmail.findMany()), ...(await db().attachment.findMany())];
  const payloads = new Map<string, { stored: Buffer; payload: Buffer }>();
  for (const key of new Set(rows.map((row) => row.storagePath))) {
    const stored = await store.inner.get(key);
    payloads.set(key, { stored, payload: openPayload(key, stored, (id) => store.keyring.cached(id)).payload });
  }
  return payloads;
}

async function storedKinds(): Promise<{ sealed: number; plain: number }> {
  const rows = [...(await db().archivedEmail.findMany()), ...(await db().attachment.findMany())];
  const keys = [...new Set(rows.map((row) => row.storagePath))];
  let sealed = 0;
  for (const key of keys) if (isSealed(await blobStore().inner.get(key))) sealed++;
  return { sealed, plain: keys.length - sealed };
}

describe("background conversion of blobs written before sealing", () => {
  it("has nothing to convert on a new installation: queues no conversion, so its first start announces none", async () => {
    expect(await startStorageConversion()).toBe(false);
    expect(await db().job.count({ where: { type: STORAGE_CONVERSION_JOB } })).toBe(0);
    expect(await storageConversionProgress()).toMatchObject({ total: 0, finishedAt: expect.any(String) });
    // What it archives later is written sealed: still nothing to convert at the next start.
    await importMessageStream({
      actor: systemActor("test"),
      sourceId: (
        await api("POST", "/v1/ingestion-sources", { token: (await setupAdmin()).token, body: { name: "New", provider: "upload" } })
      ).body.id,
      userEmail: "new@example.com",
      items: (async function* () {
        yield { raw: buildMessage({ subject: "new", body: "sealed from the start" }) };
      })(),
      origin: {},
    });
    expect(await startStorageConversion()).toBe(false);
    expect(await storedKinds()).toEqual({ sealed: 1, plain: 0 });
  });

  it("seals every blob in resumable steps, with progress readable and check passing throughout", async () => {
    const messages = await importPlain(12);
    const references = (await db().archivedEmail.count()) + (await db().attachment.count());
    const distinct = (await storedKinds()).plain;
    expect(await storedKinds()).toEqual({ sealed: 0, plain: distinct });
    expect(await storageConversionProgress()).toBeNull();

    expect(await startStorageConversion()).toBe(true);
    expect(await startStorageConversion()).toBe(false); // queued already: not twice
    expect(await db().job.count({ where: { type: STORAGE_CONVERSION_JOB, status: "queued" } })).toBe(1);
    expect(await storageConversionProgress()).toMatchObject({ total: references, examined: 0, converted: 0, finishedAt: null });

    // Two pages, then the process "stops": what they did is recorded and stays done.
    expect(await convertStoredBlobsPage(5)).toBe(false);
    expect(await convertStoredBlobsPage(5)).toBe(false);
    const midway = (await storageConversionProgress())!;
    expect(midway).toMatchObject({ examined: 10, finishedAt: null });
    expect(midway.converted).toBe(10);
    const partly = await storedKinds();
    expect(partly.sealed).toBe(10);
    expect(partly.plain).toBe(distinct - 10);
    expect((await checkInstallation()).ok).toBe(true);

    // A new process (a fresh keyring) resumes through the job at the page after the last recorded.
    forgetDataKeyring();
    while (await runNextJob(jobHandlers));
    const done = (await storageConversionProgress())!;
    expect(done.finishedAt).not.toBeNull();
    expect(done.examined).toBe(references);
    // Each blob converted once: a blob two rows share is found sealed the second time.
    expect(done.converted).toBe(distinct);
    expect(done.skipped).toBe(0);
    expect(await storedKinds()).toEqual({ sealed: distinct, plain: 0 });
    expect((await checkInstallation()).ok).toBe(true);
    for (const email of await db().archivedEmail.findMany()) {
      const bytes = await blobStore().get(email.storagePath);
      expect(sha256(bytes)).toBe(email.storageHashSha256);
      expect(messages.some((raw) => raw.equals(bytes))).toBe(true);
      expect((await blobStore().inner.get(email.storagePath)).includes("plain text of old message")).toBe(false);
    }
    expect(await startStorageConversion()).toBe(false);
    expect(await db().job.count({ where: { type: STORAGE_CONVERSION_JOB, status: { in: ["queued", "running"] } } })).toBe(0);
  });

  it("stores old whole messages as skeletons where they rebuild exactly, every /raw identical before, during and after", async () => {
    // The corpus: a 30 KB incompressible report sent around in six messages (one with LF line ends),
    // a message whose base64 is wrapped at 60 (no skeleton rebuilds it: stays whole), plain and HTML mail.
    const report = randomBytes(30_000);
    const odd = randomBytes(8_000);
    const messages = [
      ...Array.from({ length: 6 }, (_, n) =>
        buildMessage({ subject: `report ${n}`, body: `cover note ${n}`, attachments: [{ filename: "report.pdf", content: report }] }),
      ),
      buildMessage({ subject: "plain", body: "a plain message\r\n".repeat(30) }),
      buildMessage({ subject: "html", html: "<p>an HTML message</p>\r\n".repeat(30) }),
    ];
    messages[5] = rewrapped(messages[5], report, 76, "\n");
    const wrappedAt60 = buildMessage({ subject: "wrapped at 60", attachments: [{ filename: "odd.bin", content: odd }] });
    messages.push(rewrapped(wrappedAt60, odd, 60));
    const { token } = await importAsOldVersions(messages);
    const before = await storedPayloads();
    expect([...before.values()].filter(({ stored }) => isSealed(stored))).toHaveLength(0);
    await expectEveryRawIdentical(messages, token);
    expect((await checkInstallation()).ok).toBe(true);

    // Interrupted after two pages of three messages: what they did stays done, all reads as before.
    expect(await startStorageConversion()).toBe(true);
    expect(await convertStoredBlobsPage(3)).toBe(false);
    expect(await convertStoredBlobsPage(3)).toBe(false);
    expect(await storageConversionProgress()).toMatchObject({ examined: 6, converted: 6, skipped: 0, finishedAt: null });
    const midway = await storedPayloads();
    expect([...midway.values()].filter(({ stored }) => isSkeleton(stored)).length).toBeGreaterThan(0);
    expect([...midway.values()].filter(({ stored }) => !isSealed(stored)).length).toBeGreaterThan(0);
    await expectEveryRawIdentical(messages, token);
    expect((await checkInstallation()).ok).toBe(true);

    // Resumed by a new process, through the job.
    forgetDataKeyring();
    while (await runNextJob(jobHandlers));
    expect((await storageConversionProgress())!.finishedAt).not.toBeNull();
    await expectEveryRawIdentical(messages, token);
    const check = await checkInstallation();
    expect(check.ok, check.problems.join("\n")).toBe(true);

    const after = await storedPayloads();
    const emails = await db().archivedEmail.findMany();
    const storedOf = (subject: string) => after.get(emails.find((email) => email.subject === subject)!.storagePath)!;
    for (let n = 0; n < 6; n++) {
      const { stored, payload } = storedOf(`report ${n}`);
      expect(isSkeleton(stored), `report ${n}`).toBe(true);
      expect(stored.length).toBeLessThan(2_000);
      expect(payload.includes(report.toString("base64").slice(0, 76))).toBe(false);
    }
    expect(isSealed(storedOf("wrapped at 60").stored)).toBe(true);
    expect(isSkeleton(storedOf("wrapped at 60").stored)).toBe(false);
    expect(isSkeleton(storedOf("plain").stored)).toBe(false);
    // The report's bytes are in the store once: its own blob; no message holds them any more.
    const holdingReport = [...after.values()].filter(
      ({ payload }) => payload.equals(report) || payload.includes(report.toString("base64").slice(0, 76)),
    );
    expect(holdingReport).toHaveLength(1);
    expect([...after.values()].every(({ stored }) => isSealed(stored))).toBe(true);
  });

  it("a conversion finished before skeletons existed runs again and takes the attachments out of sealed whole messages", async () => {
    const report = randomBytes(12_000);
    const messages = Array.from({ length: 4 }, (_, n) =>
      buildMessage({ subject: `sealed whole ${n}`, attachments: [{ filename: "report.pdf", content: report }] }),
    );
    const { token } = await importAsOldVersions(messages);
    // As the sealing-only version left it: every blob sealed, messages whole, its conversion finished.
    const store = blobStore();
    const rows = [...(await db().archivedEmail.findMany()), ...(await db().attachment.findMany())];
    for (const key of new Set(rows.map((row) => row.storagePath)))
      await store.inner.put({ key, bytes: await store.seal(key, await store.get(key)), replace: true });
    await ensureStorageConversionRow(pgPool(), rows.length);
    await recordStorageConversionStep(pgPool(), {
      phase: "attachment",
      afterId: null,
      examined: rows.length,
      converted: rows.length,
      skipped: 0,
      finished: true,
    });
    expect([...(await storedPayloads()).values()].filter(({ stored }) => isSkeleton(stored))).toHaveLength(0);

    expect(await startStorageConversion()).toBe(true);
    expect(await storageConversionProgress()).toMatchObject({ total: rows.length, examined: 0, converted: 0, finishedAt: null });
    while (await runNextJob(jobHandlers));
    expect(await storageConversionProgress()).toMatchObject({ examined: rows.length, converted: messages.length });
    const emails = await db().archivedEmail.findMany();
    const after = await storedPayloads();
    for (const email of emails) expect(isSkeleton(after.get(email.storagePath)!.stored), email.subject ?? "").toBe(true);
    await expectEveryRawIdentical(messages, token);
    expect((await checkInstallation()).ok).toBe(true);
    // Finished by this version: not again.
    expect(await startStorageConversion()).toBe(false);
  });

  it("a backup taken while the conversion runs restores: check passes and every message reads byte for byte", async () => {
    const report = randomBytes(20_000);
    const messages = Array.from({ length: 16 }, (_, n) =>
      buildMessage({
        subject: `backed up ${n}`,
        body: `message ${n} of the backup during conversion\r\n`.repeat(10),
        attachments:
          n % 4 === 3
            ? []
            : [
                { filename: "report.pdf", content: report },
                { filename: `own-${n}.bin`, content: randomBytes(3000) },
              ],
      }),
    );
    await importAsOldVersions(messages);
    expect(await startStorageConversion()).toBe(true);
    expect(await convertStoredBlobsPage(4)).toBe(false);
    expect(await convertStoredBlobsPage(4)).toBe(false);

    // The backup runs while the conversion goes on, a message at a time, rewriting blobs under it.
    const root = await mkdtemp(path.join(tmpdir(), "backup-converting-"));
    let backedUp = false;
    const backingUp = createBackup({ to: root }).finally(() => (backedUp = true));
    let pagesDuring = 0;
    while (!backedUp && !(await convertStoredBlobsPage(1))) pagesDuring++;
    const manifest = await backingUp;
    expect(pagesDuring).toBeGreaterThan(0);
    const backupFiles = (await readdir(path.join(root, "blobs"), { recursive: true, withFileTypes: true })).filter((entry) =>
      entry.isFile(),
    );
    const backedUpBytes = await Promise.all(backupFiles.map((entry) => readFile(path.join(entry.parentPath, entry.name))));
    // Taken midway: whole messages already stored as skeletons are in it (and, as the copy and the
    // conversion race, maybe blobs still in clear); the restored installation converts the rest itself
    // (the conversion's row is not backed up).
    expect(backedUpBytes.filter(isSkeleton).length).toBeGreaterThan(0);
    while (!(await convertStoredBlobsPage())) {
      /* the live installation finishes its conversion */
    }

    const target = await freshTarget({ startedOnce: true });
    target.STORAGE_KEY_FILE = path.join(process.env.DATA_DIR!, "storage.key");
    const restore = await runArchive(["restore", "--from", root, "--new-signing-key"], { ...target, AUTH_SECRET: "" });
    expect(restore.code, restore.stderr).toBe(0);
    expect(JSON.parse(restore.stdout)).toMatchObject({ backupId: manifest.id });
    const check = await runArchive(["check"], target);
    expect(check.code, check.stderr + check.stdout).toBe(0);
    expect(JSON.parse(check.stdout)).toMatchObject({ emails: messages.length, blobsMissing: 0, blobsCorrupt: 0, auditOk: true });

    // Every message read from the restored store (its own files, the installation's data keys).
    const restored = new SealedBlobStore(new LocalBlobStore(path.join(target.DATA_DIR, "storage")), blobStore().keyring, {
      encrypt: true,
      compress: true,
    });
    const rows = await queryOn<{ key: string; hash: string }>(
      target.DATABASE_URL!,
      "SELECT storage_path AS key, storage_hash_sha256 AS hash FROM archived_emails",
    );
    expect(rows).toHaveLength(messages.length);
    for (const row of rows) {
      const bytes = await restored.get(row.key);
      expect(messages.find((message) => sha256(message) === row.hash)!.equals(bytes)).toBe(true);
    }
  }, 120_000);

  it("leaves a blob that does not open to its name for check to report, and goes on", async () => {
    await importPlain(3);
    const email = await db().archivedEmail.findFirstOrThrow({ orderBy: { id: "asc" } });
    await blobStore().inner.put({ key: email.storagePath, bytes: Buffer.from("damaged"), replace: true });
    await startStorageConversion();
    while (!(await convertStoredBlobsPage())) {
      /* until finished */
    }
    expect(await storageConversionProgress()).toMatchObject({ skipped: 1 });
    expect(path.basename(email.storagePath)).toBe(email.storageHashSha256);
    expect((await blobStore().inner.get(email.storagePath)).toString()).toBe("damaged");
    const check = await checkInstallation();
    expect(check.summary).toMatchObject({ blobsCorrupt: 1 });
  });
});
