import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { buildMessage } from "@tests/helpers/mail";
import { resetDatabase, useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { systemActor } from "../../audit/append-audit-entry";
import { importMessageStream } from "../../capture/ingestion/import-message-stream";
import { db } from "../../platform/db/client";
import { jobHandlers } from "../../composition/job-handlers";
import { runNextJob } from "../../platform/jobs/run-next-job";
import { startStorageConversion, STORAGE_CONVERSION_JOB } from "./convert-stored-blobs";
import { measureStorageUsage, storageUsage } from "./storage-usage";

/**
 * Several workers on one database (e2e/scale-out.spec.ts): each calls startStorageConversion at its
 * start and measures the storage figures at its start, while one of them runs the conversion job,
 * which measures them again when it finishes. Every job runs once, and no pass fails another.
 */
useEmptyDatabasePerTest();

const ROUNDS = 6;

async function importSome(count: number) {
  const admin = await setupAdmin();
  const source = (await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Mail", provider: "upload" } })).body;
  const shared = { filename: "shared.txt", content: "an attachment every message carries\r\n".repeat(200) };
  async function* items() {
    for (let n = 0; n < count; n++)
      yield {
        raw: buildMessage({ subject: `m ${n}`, attachments: [shared, { filename: `own-${n}.bin`, content: randomBytes(2000) }] }),
      };
  }
  await importMessageStream({ actor: systemActor("test"), sourceId: source.id, userEmail: "a@example.com", items: items(), origin: {} });
}

describe("the storage conversion with several workers on one database", () => {
  it("two workers starting at once queue one conversion job", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await resetDatabase();
      // Something stored (a new installation with nothing stored has nothing to convert, and queues nothing).
      await importSome(1);
      const queued = await Promise.all([startStorageConversion(), startStorageConversion(), startStorageConversion()]);
      expect(queued.filter(Boolean), `round ${round}`).toHaveLength(1);
      expect(await db().job.count({ where: { type: STORAGE_CONVERSION_JOB } }), `round ${round}`).toBe(1);
    }
  });

  it("the conversion job runs once while the other workers measure the storage figures", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await resetDatabase();
      await importSome(12);
      expect(await startStorageConversion()).toBe(true);
      // The worker running the job measures when the conversion finishes; the other workers measure
      // meanwhile (at their start), again and again until the job is done.
      let jobDone = false;
      const failures: unknown[] = [];
      const otherWorker = async () => {
        do await measureStorageUsage().catch((error: unknown) => failures.push(error));
        while (!jobDone);
      };
      const [ran] = await Promise.all([runNextJob(jobHandlers).finally(() => (jobDone = true)), otherWorker(), otherWorker()]);
      expect(ran).toBe(true);
      const jobs = await db().job.findMany({
        where: { type: STORAGE_CONVERSION_JOB },
        select: { status: true, attempts: true, lastError: true },
      });
      expect(jobs, `round ${round}`).toEqual([{ status: "done", attempts: 1, lastError: null }]);
      expect(failures, `round ${round}`).toEqual([]);
      expect((await storageUsage())?.total.emails).toBe(12);
    }
  });
});
