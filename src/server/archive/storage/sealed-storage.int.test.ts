import { createHash, randomBytes } from "node:crypto";
import { readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { buildMessage } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { startCephRgw } from "@tests/helpers/ceph-rgw";
import { s3StorageEnvironment } from "@tests/helpers/s3-server";
import { withEnv } from "@tests/helpers/with-env";
import { systemActor } from "../../audit/append-audit-entry";
import { db } from "../../platform/db/client";
import { importMessageStream } from "../../capture/ingestion/import-message-stream";
import { checkInstallation } from "../../installation/check-installation";
import { rotateStorageKey } from "../../installation/rotate-storage-key";
import { BlobUnreadableError, dataKeyIdOf, isSealed } from "./blob-envelope";
import { blobKeyForHash } from "./blob-store";
import { blobStore } from "./blob-store-factory";
import { assertStorageKeyOpensDataKeys } from "./data-keyring";
import { StorageKeyError } from "./storage-key";
import { measureStorageUsage, measureStorageUsageIfChanged, storageUsage } from "./storage-usage";

useEmptyDatabasePerTest();

const MARKER = "Quarterly figures for the board";
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Mail with a text body, a repeated (shared between messages) attachment and an incompressible one. */
function corpus(): Buffer[] {
  const shared = { filename: "policy.txt", content: `${MARKER} shared policy text\r\n`.repeat(400) };
  return [
    buildMessage({ subject: "plain", body: `${MARKER}: plain body\r\n`.repeat(50) }),
    buildMessage({ subject: "shared one", body: `${MARKER} one`, attachments: [shared] }),
    buildMessage({
      subject: "shared two",
      body: `${MARKER} two`,
      attachments: [shared, { filename: "noise.bin", content: randomBytes(40_000) }],
    }),
    buildMessage({
      subject: "noise",
      body: "random",
      attachments: [{ filename: "photo.jpg", contentType: "image/jpeg", content: randomBytes(60_000) }],
    }),
  ];
}

async function importAll(messages: Buffer[]) {
  const admin = await setupAdmin();
  const source = (await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Mail", provider: "upload" } })).body;
  async function* items() {
    for (const raw of messages) yield { raw };
  }
  const summary = await importMessageStream({
    actor: systemActor("test"),
    sourceId: source.id,
    userEmail: "archive@example.com",
    items: items(),
    origin: { test: true },
  });
  expect(summary).toMatchObject({ imported: messages.length, failed: [] });
  return { admin, source };
}

/** Every key the database references, with what its bytes must hash to. */
async function referencedKeys(): Promise<string[]> {
  const emails = await db().archivedEmail.findMany({ select: { storagePath: true } });
  const attachments = await db().attachment.findMany({ select: { storagePath: true } });
  return [...new Set([...emails, ...attachments].map((row) => row.storagePath))];
}

async function storedFiles(root: string): Promise<string[]> {
  const entries = await readdir(path.join(root, "sha256"), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

const storageRoot = () => path.join(process.env.DATA_DIR!, "storage");

/** Each message back through the store and `/raw`, byte for byte; no stored blob holds the message text. */
async function expectSealedRoundTrip(messages: Buffer[], token: string) {
  const store = blobStore();
  for (const key of await referencedKeys()) {
    const stored = await store.inner.get(key);
    expect(isSealed(stored), key).toBe(true);
    expect(dataKeyIdOf(stored), `${key} is encrypted`).not.toBeNull();
    expect(stored.includes(MARKER), key).toBe(false);
    expect(sha256(await store.get(key))).toBe(path.basename(key));
  }
  const emails = await db().archivedEmail.findMany();
  expect(emails).toHaveLength(messages.length);
  for (const email of emails) {
    const original = messages.find((raw) => sha256(raw) === email.storageHashSha256);
    expect(original, email.subject ?? "").toBeDefined();
    const raw = await api("GET", `/v1/archived-emails/${email.id}/raw`, { token });
    expect(raw.status).toBe(200);
    expect(Buffer.from(raw.bytes).equals(original!)).toBe(true);
  }
}

describe("sealed storage (encrypted and compressed at rest)", () => {
  it("local store: no message text in any blob file, every message back byte for byte, check passes", async () => {
    const messages = corpus();
    const { admin } = await importAll(messages);
    await expectSealedRoundTrip(messages, admin.token);
    for (const file of await storedFiles(storageRoot())) expect((await readFile(file)).includes(MARKER), file).toBe(false);
    // Single-instance attachments: a message with big attachments is stored as its skeleton (flag 4 of
    // the header), far smaller than the attachments it refers to, which are stored once each.
    const shared = await db().archivedEmail.findFirstOrThrow({ where: { subject: "shared two" } });
    const skeleton = await blobStore().inner.get(shared.storagePath);
    expect(skeleton[9] & 4).toBe(4);
    expect(skeleton.length).toBeLessThan(40_000);
    const plain = await db().archivedEmail.findFirstOrThrow({ where: { subject: "plain" } });
    expect((await blobStore().inner.get(plain.storagePath))[9] & 4).toBe(0);
    const check = await checkInstallation();
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
  });

  it("S3 store: the same, on Ceph RGW (a real S3 engine)", async () => {
    const rgw = await startCephRgw();
    try {
      await withEnv(s3StorageEnvironment(rgw.plainBucket), async () => {
        expect(blobStore().name).toBe("s3");
        const messages = corpus();
        const { admin } = await importAll(messages);
        await expectSealedRoundTrip(messages, admin.token);
        const whole = await checkInstallation();
        expect(whole.ok).toBe(true);
        // The S3 walk in two parts (--limit, then --resume) reads every blob once.
        const first = await checkInstallation({ blobWalk: { limit: 3, concurrency: 16 } });
        const rest = await checkInstallation({ blobWalk: { resume: true } });
        expect(first.summary).toMatchObject({ blobsChecked: 3, walkComplete: false });
        expect(rest.summary).toMatchObject({
          walkComplete: true,
          blobsCheckedSinceStart: whole.summary.blobsChecked,
          blobProblemsSinceStart: 0,
        });
      });
    } finally {
      await rgw.stop();
    }
  });

  it("a flipped byte in a stored blob is found by check and refused by every read (audited integrity failure)", async () => {
    const messages = corpus();
    const { admin } = await importAll(messages);
    const email = await db().archivedEmail.findFirstOrThrow({ where: { subject: "plain" } });
    const file = path.join(storageRoot(), email.storagePath);
    const bytes = await readFile(file);
    bytes[bytes.length - 5] ^= 0x01;
    await writeFile(file, bytes);

    const check = await checkInstallation();
    expect(check.ok).toBe(false);
    expect(check.summary).toMatchObject({ blobsCorrupt: 1, blobsMissing: 0 });
    expect(check.problems.join("\n")).toContain(
      `email ${email.id}: The stored blob ${email.storagePath} cannot be read: it does not authenticate`,
    );
    await expect(blobStore().get(email.storagePath)).rejects.toBeInstanceOf(BlobUnreadableError);
    const raw = await api("GET", `/v1/archived-emails/${email.id}/raw`, { token: admin.token });
    expect(raw.status).toBe(500);
    expect(await db().auditLog.count({ where: { actionType: "INTEGRITY_FAILURE", targetId: email.id } })).toBe(1);
  });

  it("a wrong or missing storage key is a clear error at start, never garbage", async () => {
    const messages = corpus();
    await importAll(messages);
    await expect(assertStorageKeyOpensDataKeys()).resolves.toBeUndefined();
    const key = (await referencedKeys())[0];

    await withEnv({ STORAGE_KEY: "not the installation's key" }, async () => {
      await expect(assertStorageKeyOpensDataKeys()).rejects.toThrow(StorageKeyError);
      await expect(assertStorageKeyOpensDataKeys()).rejects.toThrow(
        /wrapped by the storage key with fingerprint \w+, but the configured one \(STORAGE_KEY\)/,
      );
      await expect(blobStore().get(key)).rejects.toThrow(StorageKeyError);
    });

    const keyFile = path.join(process.env.DATA_DIR!, "storage.key");
    await rename(keyFile, `${keyFile}.away`);
    try {
      await expect(assertStorageKeyOpensDataKeys()).rejects.toThrow(/The storage key is missing/);
    } finally {
      await rename(`${keyFile}.away`, keyFile);
    }
    await expect(assertStorageKeyOpensDataKeys()).resolves.toBeUndefined();
  });

  it("rotating the storage key re-wraps the data keys and rewrites no blob", async () => {
    const messages = corpus();
    const { admin } = await importAll(messages);
    const keyFile = path.join(process.env.DATA_DIR!, "storage.key");
    const oldKey = await readFile(keyFile, "utf8");
    const files = await storedFiles(storageRoot());
    const before = await Promise.all(files.map(async (file) => ({ bytes: await readFile(file), mtime: (await stat(file)).mtimeMs })));

    const newKeyFile = path.join(process.env.DATA_DIR!, "new.key");
    await writeFile(newKeyFile, randomBytes(32).toString("base64"));
    const rotation = await rotateStorageKey({ actor: systemActor("cli:test"), newKeyFile });
    expect(rotation).toMatchObject({ rewrapped: 1, dataKeys: 1, replacedKeyFile: keyFile });
    expect(rotation.newFingerprint).not.toBe(rotation.oldFingerprint);
    expect((await readFile(keyFile, "utf8")).trim()).toBe((await readFile(newKeyFile, "utf8")).trim());
    expect(await db().auditLog.count({ where: { actionType: "UPDATE", targetId: "storage-key" } })).toBe(1);

    // No blob was touched; every one opens under the new key (a fresh keyring: as after a restart).
    const after = await Promise.all(files.map(async (file) => ({ bytes: await readFile(file), mtime: (await stat(file)).mtimeMs })));
    expect(after).toEqual(before);
    await expect(assertStorageKeyOpensDataKeys()).resolves.toBeUndefined();
    await withEnv({ STORAGE_KEY: (await readFile(newKeyFile, "utf8")).trim() }, async () => {
      await expectSealedRoundTrip(messages, admin.token);
      expect((await checkInstallation()).ok).toBe(true);
    });
    // The old key opens nothing any more.
    await withEnv({ STORAGE_KEY: oldKey.trim() }, () => expect(assertStorageKeyOpensDataKeys()).rejects.toThrow(StorageKeyError));
  });

  it("blobs written before sealing stay readable, and check passes over a store of both kinds", async () => {
    const messages = corpus();
    const { admin } = await withEnv({ STORAGE_ENCRYPTION: "false", STORAGE_COMPRESSION: "false" }, async () => {
      const imported = await importAll(messages.slice(0, 2));
      for (const key of await referencedKeys()) expect(isSealed(await blobStore().inner.get(key))).toBe(false);
      return imported;
    });
    const source = await db().ingestionSource.findFirstOrThrow();
    async function* rest() {
      for (const raw of messages.slice(2)) yield { raw };
    }
    await importMessageStream({
      actor: systemActor("test"),
      sourceId: source.id,
      userEmail: "archive@example.com",
      items: rest(),
      origin: {},
    });
    const kinds = await Promise.all((await referencedKeys()).map(async (key) => isSealed(await blobStore().inner.get(key))));
    expect(kinds).toContain(true);
    expect(kinds).toContain(false);
    for (const email of await db().archivedEmail.findMany()) {
      const raw = await api("GET", `/v1/archived-emails/${email.id}/raw`, { token: admin.token });
      expect(sha256(Buffer.from(raw.bytes))).toBe(email.storageHashSha256);
    }
    expect((await checkInstallation()).ok).toBe(true);
  });

  it("storage figures: logical and stored bytes per source and in total, as measured, on the system status", async () => {
    const messages = corpus();
    const { admin, source } = await importAll(messages.slice(0, 3));
    // A second source archives a message sharing the first source's attachment: its blob counts in both
    // sources' figures, once in the total.
    const other = (await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Other", provider: "upload" } })).body;
    async function* one() {
      yield { raw: messages[3] };
      yield { raw: messages[1] };
    }
    await importMessageStream({ actor: systemActor("test"), sourceId: other.id, userEmail: "other@example.com", items: one(), origin: {} });
    const before = await api("GET", "/v1/system/status", { token: admin.token });
    expect(before.body.storage.usage).toBeNull();

    await measureStorageUsage();
    const status = await api("GET", "/v1/system/status", { token: admin.token });
    expect(status.status).toBe(200);
    const usage = status.body.storage.usage;
    const onDisk = (await Promise.all((await storedFiles(storageRoot())).map(async (file) => (await stat(file)).size))).reduce(
      (a, b) => a + b,
      0,
    );
    const logical = [...messages.slice(0, 3), messages[3], messages[1]].reduce((sum, raw) => sum + raw.length, 0);
    expect(usage.total).toMatchObject({ logicalBytes: logical, storedBytes: onDisk, savedBytes: logical - onDisk, emails: 5 });
    const bySource = Object.fromEntries(usage.sources.map((row: { name: string }) => [row.name, row]));
    expect(bySource.Mail).toMatchObject({
      sourceId: source.id,
      emails: 3,
      logicalBytes: messages.slice(0, 3).reduce((sum, raw) => sum + raw.length, 0),
    });
    expect(bySource.Other).toMatchObject({ sourceId: other.id, emails: 2, logicalBytes: messages[3].length + messages[1].length });
    // The shared blobs (messages[1] and its attachment) count in both sources, once in the total.
    expect(bySource.Mail.storedBytes + bySource.Other.storedBytes).toBeGreaterThan(usage.total.storedBytes);
    expect(usage.total.storedRatio).toBeCloseTo(onDisk / logical, 2);
    expect(usage.archiveChangedSince).toBe(false);

    // An import after the pass: the figures say so, and the worker's check measures again (not before a minute has passed).
    const measuredAt = Date.parse(usage.measuredAt);
    async function* later() {
      yield { raw: buildMessage({ subject: "later", body: "archived after the pass" }) };
    }
    await importMessageStream({
      actor: systemActor("test"),
      sourceId: other.id,
      userEmail: "other@example.com",
      items: later(),
      origin: {},
    });
    const stale = (await api("GET", "/v1/system/status", { token: admin.token })).body.storage.usage;
    expect(stale).toMatchObject({ archiveChangedSince: true, total: { emails: 5 } });
    expect(await measureStorageUsageIfChanged({ now: new Date(measuredAt + 1000) })).toBe(false);
    expect(await measureStorageUsageIfChanged({ now: new Date(measuredAt + 61_000) })).toBe(true);
    const current = await storageUsage();
    expect(current).toMatchObject({ archiveChangedSince: false, total: { emails: 6 } });
    // Nothing changed since: no pass.
    expect(await measureStorageUsageIfChanged({ now: new Date(Date.now() + 3600_000) })).toBe(false);
  });

  it("a plain blob that happens to begin with the sealed format's magic still reads as itself", async () => {
    const store = blobStore();
    const plain = Buffer.concat([Buffer.from([0x89, 0x4d, 0x41, 0x42, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]), randomBytes(100)]);
    const key = blobKeyForHash(sha256(plain));
    await store.inner.put({ key, bytes: plain });
    expect((await store.get(key)).equals(plain)).toBe(true);
  });
});
