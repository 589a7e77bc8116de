import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupAdmin, type TestUser } from "@tests/helpers/auth";
import { dovecotSourceConfig, seedMailbox, startDovecot, testMailbox, TEST_SPECIAL_USE, type DovecotServer } from "@tests/helpers/dovecot";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { db } from "../../platform/db/client";
import { jobHandlers } from "../../composition/job-handlers";
import { runNextJob } from "../../platform/jobs/run-next-job";

useEmptyDatabasePerTest();

const user = { username: "jobs@example.com", password: "Jobs-Password-1" };
const GHOST = "00000000-0000-4000-8000-000000000000";
let server: DovecotServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startDovecot({ users: [user], specialUse: TEST_SPECIAL_USE });
  await seedMailbox(server, user, testMailbox({ inbox: 30, sent: 10, archive: 20 }).folders);
});
afterAll(async () => {
  await server?.stop();
});

async function createImapSource(name: string, config: Record<string, unknown> = {}): Promise<string> {
  const created = await api("POST", "/v1/ingestion-sources", {
    token: admin.token,
    body: {
      name,
      provider: "imap",
      config: { ...dovecotSourceConfig(server, user), ...config },
    },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

const requestSync = (sourceId: string) => api("POST", `/v1/ingestion-sources/${sourceId}/sync`, { token: admin.token });
const job = (id: string) => db().job.findUniqueOrThrow({ where: { id } });

describe("POST /v1/ingestion-sources/{id}/sync and the imap-sync job", () => {
  it("answers 202 with the queued job, reuses a queued job, and the worker's job archives the mail", async () => {
    admin = await setupAdmin();
    const sourceId = await createImapSource("Mail server");
    const first = await requestSync(sourceId);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ message: "Sync queued", jobId: expect.any(String), jobStatus: "queued" });
    expect(await job(first.body.jobId)).toMatchObject({ type: "imap-sync", status: "queued", payload: { sourceId } });
    const again = await requestSync(sourceId);
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ message: "A sync of this source is already queued", jobId: first.body.jobId, jobStatus: "queued" });
    expect(await db().job.count()).toBe(1);
    const audit = await db().auditLog.findMany({ where: { actionType: "SYNC", targetId: sourceId } });
    expect(audit).toHaveLength(1);
    expect(audit[0].actorIdentifier).toBe("admin@example.com");

    expect(await runNextJob(jobHandlers)).toBe(true);
    expect(await job(first.body.jobId)).toMatchObject({ status: "done", lastError: null });
    const source = await api("GET", `/v1/ingestion-sources/${sourceId}`, { token: admin.token });
    expect(source.body).toMatchObject({ status: "idle", statusMessage: null, emailCount: 60, lastSyncAt: expect.any(String) });
    expect(source.text).not.toContain(user.password);

    // Once that job is done, a new request queues a new one.
    const next = await requestSync(sourceId);
    expect(next.body.jobId).not.toBe(first.body.jobId);
    expect(await runNextJob(jobHandlers)).toBe(true);
    expect(await db().archivedEmail.count()).toBe(60);
  });

  it("queues one job for many simultaneous requests", async () => {
    admin = await setupAdmin();
    const sourceId = await createImapSource("Busy");
    const answers = await Promise.all(Array.from({ length: 6 }, () => requestSync(sourceId)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(202));
    expect(new Set(answers.map((answer) => answer.body.jobId)).size).toBe(1);
    expect(await db().job.count()).toBe(1);
  });

  it("answers a running job while it runs", async () => {
    admin = await setupAdmin();
    const sourceId = await createImapSource("Running");
    const queued = await requestSync(sourceId);
    await db().job.update({ where: { id: queued.body.jobId }, data: { status: "running", lockedAt: new Date() } });
    expect((await requestSync(sourceId)).body).toEqual({
      message: "A sync of this source is already running",
      jobId: queued.body.jobId,
      jobStatus: "running",
    });
  });

  it("answers 404 for an unknown source, 409 for a source that is not IMAP, 422 for a malformed id", async () => {
    admin = await setupAdmin();
    const missing = await requestSync(GHOST);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ status: "error", statusCode: 404, message: "Ingestion source not found", errors: null });
    const upload = await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Uploads", provider: "upload" } });
    const notImap = await requestSync(upload.body.id);
    expect(notImap.status).toBe(409);
    expect(notImap.body).toEqual({
      status: "error",
      statusCode: 409,
      message: 'Only imap, microsoft365, google-workspace sources can be synced; this source\'s provider is "upload"',
      errors: null,
    });
    expect((await requestSync("not-a-uuid")).status).toBe(422);
    expect(await db().job.count()).toBe(0);
  });

  it("leaves a wrong password as the source's error without retrying; retries an unreachable server later", async () => {
    admin = await setupAdmin();
    const wrong = await createImapSource("Wrong password", { password: "Not-The-Password" });
    const wrongJob = (await requestSync(wrong)).body.jobId;
    expect(await runNextJob(jobHandlers)).toBe(true);
    expect(await job(wrongJob)).toMatchObject({ status: "done" });
    const source = await api("GET", `/v1/ingestion-sources/${wrong}`, { token: admin.token });
    expect(source.body).toMatchObject({
      status: "error",
      statusMessage: expect.stringContaining("rejected the username or password"),
      lastSyncAt: null,
    });

    const down = await createImapSource("Down", { port: 1 });
    const downJob = (await requestSync(down)).body.jobId;
    expect(await runNextJob(jobHandlers)).toBe(true);
    const retried = await job(downJob);
    expect(retried).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: `Could not connect to the IMAP server at ${server.host}:1 (the server log has the details)`,
    });
    expect(retried.runAfter.getTime()).toBeGreaterThan(Date.now());
  });

  it("finishes a job whose source was deleted before it ran", async () => {
    admin = await setupAdmin();
    const sourceId = await createImapSource("Short-lived");
    const jobId = (await requestSync(sourceId)).body.jobId;
    expect((await api("DELETE", `/v1/ingestion-sources/${sourceId}`, { token: admin.token })).status).toBe(204);
    expect(await runNextJob(jobHandlers)).toBe(true);
    expect(await job(jobId)).toMatchObject({ status: "done" });
  });
});
