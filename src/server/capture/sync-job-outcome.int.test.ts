import { describe, expect, it } from "vitest";
import { systemActor } from "../audit/append-audit-entry";
import { db } from "../platform/db/client";
import { enqueueJob } from "../platform/jobs/enqueue-job";
import { jobHandlers } from "../composition/job-handlers";
import { runNextJob } from "../platform/jobs/run-next-job";
import { createSource } from "./create-source";
import { CLOUD_SYNC_JOB } from "./cloud/run-cloud-sync-job";
import { IMAP_SYNC_JOB } from "./imap/imap.schemas";
import { withEnv } from "@tests/helpers/with-env";

/**
 * A sync job whose source's stored secret does not open on this host (sealed with another
 * ENCRYPTION_KEY, as on a second host before shared secrets were checked) once ended as done with
 * nothing logged: the sync was silently lost. It now fails for good with the reason, on the job and
 * on the source.
 */
const ACTOR = systemActor("system:test");

const sources = {
  [IMAP_SYNC_JOB]: {
    provider: "imap" as const,
    config: { host: "imap.example.com", port: 993, secure: true, username: "archive@example.com", password: "mailbox password" },
  },
  [CLOUD_SYNC_JOB]: {
    provider: "microsoft365" as const,
    config: { tenantId: "contoso.example", clientId: "11111111-2222-3333-4444-555555555555", clientSecret: "client secret" },
  },
};

describe("a sync job whose source's secret does not open here", () => {
  for (const [jobType, { provider, config }] of Object.entries(sources)) {
    it(`${jobType}: fails at once with the reason on the job and the source, never done`, async () => {
      const source = await createSource({ actor: ACTOR, input: { name: `Sealed elsewhere ${jobType}`, provider, config } as never });
      await withEnv({ ENCRYPTION_KEY: "another host's encryption key" }, async () => {
        const jobId = await enqueueJob({ type: jobType, payload: { sourceId: source.id } });
        expect(await runNextJob({ [jobType]: jobHandlers[jobType] })).toBe(true);

        const job = await db().job.findUniqueOrThrow({ where: { id: jobId } });
        expect(job.status).toBe("failed");
        expect(job.lastError).toMatch(/does not open: it was entered for another destination, or sealed with another ENCRYPTION_KEY/);
        const after = await db().ingestionSource.findUniqueOrThrow({ where: { id: source.id } });
        expect(after.status).toBe("error");
        expect(after.statusMessage).toBe(job.lastError);
        // Failed for good: no retry is scheduled.
        expect(await runNextJob({ [jobType]: jobHandlers[jobType] })).toBe(false);
      });
    });
  }
});
