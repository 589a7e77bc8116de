import { describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { insertTestEmail } from "@tests/helpers/emails";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { db } from "../../platform/db/client";
import { insertJob, markJobFailed } from "../../platform/jobs/jobs.queries";
import { getSystemStatus } from "./get-system-status";
import { getWorkerPresence } from "./get-worker-presence";
import { startHeartbeat } from "./heartbeat";

useEmptyDatabasePerTest();

const quiet = () => undefined;

/** A queued job that then failed for good with `reason`. */
async function failedJob(reason: string): Promise<string> {
  const id = await insertJob(db(), { type: "imap-sync", payload: { sourceId: "x" }, runAfter: new Date() });
  await markJobFailed(db(), { id, giveUp: true, error: reason, backoffSeconds: 0 });
  return id;
}

describe("system status", () => {
  it("lists the worker by its heartbeat, with the next lifecycle cycle, and forgets it once it stops", async () => {
    expect((await getSystemStatus()).workerRunning).toBe(false);
    expect(await getWorkerPresence()).toEqual({ workerRunning: false, staleAfterSeconds: 180 });
    const stop = await startHeartbeat({ role: "worker", details: { lifecycleIntervalMinutes: 60 }, log: quiet });
    await db().lifecycleCycle.create({ data: { startedAt: new Date(Date.now() - 10 * 60_000), finishedAt: new Date(), evaluated: 7 } });

    const status = await getSystemStatus();
    expect(status.workerRunning).toBe(true);
    expect(status.processes).toEqual([
      expect.objectContaining({ role: "worker", pid: process.pid, running: true, secondsSinceSeen: expect.any(Number) }),
    ]);
    expect(status.lifecycle.lastCycle).toMatchObject({ evaluated: 7 });
    expect(status.lifecycle.intervalMinutes).toBe(60);
    const next = Date.parse(status.lifecycle.nextCycleAt!) - Date.parse(status.lifecycle.lastCycle!.startedAt);
    expect(next).toBe(60 * 60_000);
    expect((await getWorkerPresence()).workerRunning).toBe(true);

    await stop();
    expect((await getSystemStatus()).processes).toEqual([]);
    expect((await getWorkerPresence()).workerRunning).toBe(false);
  });

  it("shows a worker silent for longer than three minutes as not running (the pages' banner)", async () => {
    const stop = await startHeartbeat({ role: "worker", log: quiet });
    await startHeartbeat({ role: "journal", log: quiet });
    await db().$executeRaw`UPDATE process_heartbeats SET last_seen_at = now() - interval '4 minutes' WHERE role = 'worker'`;
    const status = await getSystemStatus();
    expect(status.workerRunning).toBe(false);
    expect(status.processes.find((process) => process.role === "worker")).toMatchObject({ running: false });
    expect(status.processes.find((process) => process.role === "worker")!.secondsSinceSeen).toBeGreaterThanOrEqual(240);
    expect(status.processes.find((process) => process.role === "journal")).toMatchObject({ running: true });
    expect(status.lifecycle.nextCycleAt).toBeNull();
    expect((await getWorkerPresence()).workerRunning).toBe(false);
    await stop();
  });

  it("counts queues, failed jobs with their reasons, index coverage, storage and the database", async () => {
    await insertJob(db(), { type: "imap-sync", payload: {}, runAfter: new Date() });
    await failedJob("Connection refused by imap.example.com");
    const searchable = await insertTestEmail({ sizeBytes: 2000 });
    const waiting = await insertTestEmail({ sizeBytes: 3000 });
    await db().archivedEmail.update({ where: { id: waiting.id }, data: { isIndexed: false } });
    expect((await db().archivedEmail.findUniqueOrThrow({ where: { id: searchable.id } })).isIndexed).toBe(true);

    const status = await getSystemStatus();
    expect(status.jobs.queues).toEqual([{ type: "imap-sync", queued: 1, running: 0, failed: 1 }]);
    expect(status.jobs.failed).toEqual([
      expect.objectContaining({ type: "imap-sync", reason: "Connection refused by imap.example.com", attempts: 0 }),
    ]);
    expect(status.jobs.exports).toEqual({ queued: 0, running: 0, failed: 0 });
    expect(status.searchIndex).toEqual({
      engine: "postgres",
      archivedEmails: 2,
      searchable: 1,
      notSearchable: 1,
      phraseIndex: { enabled: false, state: "off", progress: null },
    });
    expect(status.storage).toMatchObject({ backend: "local", usedBytes: 5000 });
    expect(status.storage.freeBytes).toBeGreaterThan(0);
    expect(status.storage.totalBytes).toBeGreaterThanOrEqual(status.storage.freeBytes!);
    expect(status.database.sizeBytes).toBeGreaterThan(1_000_000);
  });
});

describe("GET /v1/system/status and POST /v1/system/jobs/{id}/retry", () => {
  it("answer a manage:all caller, 401 without credentials and 403 for another role", async () => {
    const admin = await setupAdmin();
    const reader = await createUserWithRole(admin.token, "predefined_read_only");
    const status = await api("GET", "/v1/system/status", { token: admin.token });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ workerRunning: false, staleAfterSeconds: 180, database: { sizeBytes: expect.any(Number) } });
    expect((await api("GET", "/v1/system/status")).status).toBe(401);
    expect((await api("GET", "/v1/system/status", { token: reader.token })).status).toBe(403);
    const id = await failedJob("boom");
    expect((await api("POST", `/v1/system/jobs/${id}/retry`, { token: reader.token })).status).toBe(403);
  });

  it("queues a failed job again and audits it; 404 for an unknown job, 409 for one not failed, 422 for a bad id", async () => {
    const admin = await setupAdmin();
    const id = await failedJob("Authentication failed");
    const retried = await api("POST", `/v1/system/jobs/${id}/retry`, { token: admin.token });
    expect(retried.status).toBe(204);
    expect(await db().job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "queued", attempts: 0 });
    const audit = await db().auditLog.findMany({ where: { actionType: "RETRY" } });
    expect(audit).toEqual([expect.objectContaining({ targetType: "Job", targetId: id, actorIdentifier: admin.user.email })]);

    const again = await api("POST", `/v1/system/jobs/${id}/retry`, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: "error", statusCode: 409, errors: null });
    const unknown = await api("POST", "/v1/system/jobs/00000000-0000-4000-8000-000000000000/retry", { token: admin.token });
    expect(unknown.status).toBe(404);
    const bad = await api("POST", "/v1/system/jobs/not-a-uuid/retry", { token: admin.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ field: "id", message: "id must be a UUID" }]);
    expect(await db().auditLog.count({ where: { actionType: "RETRY" } })).toBe(1);
  });
});
