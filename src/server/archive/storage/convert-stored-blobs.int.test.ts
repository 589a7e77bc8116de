import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { buildMessage } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { systemActor } from "../../audit/append-audit-entry";
import { db } from "../../platform/db/client";
import { importMessageStream } from "../../capture/ingestion/import-message-stream";
import { jobHandlers } from "../../platform/jobs/job-handlers";
import { runNextJob } from "../../platform/jobs/run-next-job";
import { checkInstallation } from "../../platform/operations/check-installation";
import { isSealed } from "./blob-envelope";
import { blobStore } from "./blob-store-factory";
import { convertStoredBlobsPage, startStorageConversion, STORAGE_CONVERSION_JOB, storageConversionProgress } from "./convert-stored-blobs";
import { forgetDataKeyring } from "./data-keyring";

useEmptyDatabasePerTest();

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function importPlain(count: number): Promise<Buffer[]> {
  process.env.STORAGE_ENCRYPTION = "false";
  process.env.STORAGE_COMPRESSION = "false";
  const admin = await setupAdmin();
  const source = (await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Old", provider: "upload" } })).body;
  const shared = { filename: "shared.txt", content: "the same attachment in every third message\r\n".repeat(100) };
  const messages = Array.from({ length: count }, (_, n) =>
    buildMessage({
      subject: `old ${n}`,
      body: `plain text of old message ${n}\r\n`.repeat(20),
      attachments: n % 3 === 0 ? [shared, { filename: `noise-${n}.bin`, content: randomBytes(5000) }] : [],
    }),
  );
  async function* items() {
    for (const raw of messages) yield { raw };
  }
  await importMessageStream({ actor: systemActor("test"), sourceId: source.id, userEmail: "old@example.com", items: items(), origin: {} });
  delete process.env.STORAGE_ENCRYPTION;
  delete process.env.STORAGE_COMPRESSION;
  return messages;
}

async function storedKinds(): Promise<{ sealed: number; plain: number }> {
  const rows = [...(await db().archivedEmail.findMany()), ...(await db().attachment.findMany())];
  const keys = [...new Set(rows.map((row) => row.storagePath))];
  let sealed = 0;
  for (const key of keys) if (isSealed(await blobStore().inner.get(key))) sealed++;
  return { sealed, plain: keys.length - sealed };
}

describe("background conversion of blobs written before sealing", () => {
  afterEach(() => {
    delete process.env.STORAGE_ENCRYPTION;
    delete process.env.STORAGE_COMPRESSION;
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
