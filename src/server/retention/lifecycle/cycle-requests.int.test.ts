import { describe, expect, it } from "vitest";
import { db } from "../../platform/db/client";
import { verifyAuditLog } from "../../audit/verify-audit-log";
import { enqueueJob } from "../../platform/jobs/enqueue-job";
import { jobHandlers } from "../../composition/job-handlers";
import { runNextJob } from "../../platform/jobs/run-next-job";
import { api } from "@tests/helpers/rest-client";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { insertTestEmail } from "@tests/helpers/emails";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { applyLabel, createLabel, daysAgo } from "@tests/helpers/retention";
import { trpcHttp } from "@tests/helpers/trpc-http";
import { withLifecycleLock } from "./lifecycle-lock";

useEmptyDatabasePerTest();

const REQUESTS = "/api/v1/enterprise/retention-policy/cycle-requests";

/** A Compliance-Officer-like caller: retention without manage:all. */
async function retentionManager() {
  const admin = await setupAdmin();
  const officer = await createUserWithRole(admin.token, [{ action: "manage", subject: "retention" }]);
  return { admin, officer };
}

describe("Run lifecycle cycle now (cycle requests)", () => {
  it("queues one cycle for the worker, audited with the caller, and reports what the cycle did", async () => {
    const { admin, officer } = await retentionManager();
    const label = await createLabel(admin.token, "Thirty days", 30);
    const due = await insertTestEmail({ sentAt: daysAgo(400) });
    const young = await insertTestEmail({ sentAt: daysAgo(2) });
    await applyLabel(admin.token, due.id, label.id);
    await applyLabel(admin.token, young.id, label.id);

    const queued = await api("POST", REQUESTS, { token: officer.token });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ status: "queued", requestedBy: officer.user.email, cycle: null, error: null });
    // Pressed again (REST or the UI's tRPC) while it waits: the same request, nothing new queued or audited.
    const again = await api("POST", REQUESTS, { token: officer.token });
    expect(again.body.id).toBe(queued.body.id);
    const viaTrpc = await trpcHttp("lifecycle.requestCycle", {}, { authorization: `Bearer ${officer.token}` });
    expect((await viaTrpc.json()).result.data.id).toBe(queued.body.id);
    const audited = await db().auditLog.findMany({ where: { actionType: "CREATE", targetType: "Job" } });
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorIdentifier: officer.user.email, targetType: "Job", targetId: queued.body.id });
    expect(audited[0].details).toMatchObject({ actorUserId: officer.user.id });

    // The worker's job loop runs it.
    expect(await runNextJob(jobHandlers)).toBe(true);
    const finished = await api("GET", `${REQUESTS}/${queued.body.id}`, { token: officer.token });
    expect(finished.status).toBe(200);
    expect(finished.body).toMatchObject({ id: queued.body.id, status: "finished", error: null });
    expect(finished.body.cycle).toMatchObject({ evaluated: 1, deleted: 1, failed: 0, finishedAt: expect.any(String) });
    expect(await db().archivedEmail.count({ where: { id: due.id } })).toBe(0);
    expect(await db().archivedEmail.count({ where: { id: young.id } })).toBe(1);
    // The cycle is one of the recent cycles too; a new request after it queues a new cycle.
    const cycles = await api("GET", "/api/v1/enterprise/retention-policy/cycles", { token: officer.token });
    expect(cycles.body.map((cycle: { id: string }) => cycle.id)).toContain(finished.body.cycle.id);
    const next = await api("POST", REQUESTS, { token: officer.token });
    expect(next.body.id).not.toBe(queued.body.id);
    expect((await verifyAuditLog()).ok).toBe(true);
  });

  it("waits for a cycle already running, so the answer is a cycle that started after the request", async () => {
    const { officer } = await retentionManager();
    const requested = await api("POST", REQUESTS, { token: officer.token });
    let release!: () => void;
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const other = withLifecycleLock(async () => {
      holding();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await held;
    const worker = runNextJob(jobHandlers);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const waiting = await api("GET", `${REQUESTS}/${requested.body.id}`, { token: officer.token });
    expect(waiting.body).toMatchObject({ status: "running", cycle: null });
    // Its cycle may start before a change made now: a new request queues a new cycle.
    const later = await api("POST", REQUESTS, { token: officer.token });
    expect(later.status).toBe(202);
    expect(later.body).toMatchObject({ status: "queued" });
    expect(later.body.id).not.toBe(requested.body.id);
    release();
    await other;
    expect(await worker).toBe(true);
    const done = await api("GET", `${REQUESTS}/${requested.body.id}`, { token: officer.token });
    expect(done.body.status).toBe("finished");
    expect(new Date(done.body.cycle.startedAt).getTime()).toBeGreaterThanOrEqual(new Date(done.body.requestedAt).getTime());
  });

  it("answers 422 for a malformed id, 404 for another job's id, 401 and 403 without access", async () => {
    const { admin } = await retentionManager();
    expect((await api("GET", `${REQUESTS}/not-a-uuid`, { token: admin.token })).status).toBe(422);
    const otherJob = await enqueueJob({ type: "imap-sync", payload: {} });
    const unknown = await api("GET", `${REQUESTS}/${otherJob}`, { token: admin.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: "error", statusCode: 404, message: "Cycle request not found", errors: null });
    expect((await api("POST", REQUESTS, {})).status).toBe(401);
    const reader = await createUserWithRole(admin.token, [{ action: "manage", subject: "dispositions" }]);
    expect((await api("POST", REQUESTS, { token: reader.token })).status).toBe(403);
    expect(await db().job.count({ where: { type: "lifecycle-cycle" } })).toBe(0);
  });
});
