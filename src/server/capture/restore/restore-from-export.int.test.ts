import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { dovecotSourceConfig, startDovecot, type DovecotServer, type DovecotUser } from "@tests/helpers/dovecot";
import { createCaseVia, EDISCOVERY } from "@tests/helpers/ediscovery";
import { buildMessage } from "@tests/helpers/mail";
import { api } from "@tests/helpers/rest-client";
import { runProcess } from "@tests/helpers/run-process";
import { trpcHttp } from "@tests/helpers/trpc-http";
import { verifyAuditLog } from "../../audit/verify-audit-log";
import { db } from "../../platform/db/client";
import { runNextExport } from "../../ediscovery/export/run-export";
import { ingestBatch } from "../ingestion/ingest-batch";
import { jobHandlers } from "../../composition/job-handlers";
import { runNextJob } from "../../platform/jobs/run-next-job";

/** Restoring a case export's emails to a mailbox (docs/journaling.md, "Restore"), against the real Dovecot. */
const mailboxUser: DovecotUser = { username: "restore@corp.test", password: "restore-Secret-1" };
const GHOST = "00000000-0000-4000-8000-000000000000";
let server: DovecotServer;
let admin: TestUser;
let imapSourceId: string;
let caseId: string;
let exportId: string;
/** The exported messages in the export's (sentAt) order, by mailbox. */
const exported: { raw: Buffer; mailbox: string; messageId: string }[] = [];

beforeAll(async () => {
  server = await startDovecot({ users: [mailboxUser] });
  admin = await setupAdmin();
  const imap = await api("POST", "/v1/ingestion-sources", {
    token: admin.token,
    body: {
      name: "Restore target",
      provider: "imap",
      config: dovecotSourceConfig(server, mailboxUser),
    },
  });
  imapSourceId = imap.body.id;
  const uploads = (await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Uploads", provider: "upload" } })).body
    .id;
  for (const [day, mailbox] of [
    [1, "alice@corp.test"],
    [2, "bob@corp.test"],
    [3, "alice@corp.test"],
  ] as const) {
    const messageId = `matter-${day}@corp.test`;
    const raw = buildMessage({
      subject: `Matter ${day}`,
      messageId,
      date: `Mon, 0${day} Jul 2024 09:00:00 +0000`,
      body: "Produced and restored.\r\n",
    });
    await ingestBatch({ sourceId: uploads, userEmail: mailbox, messages: [{ raw }] });
    exported.push({ raw, mailbox, messageId });
  }
  await ingestBatch({
    sourceId: uploads,
    userEmail: "alice@corp.test",
    messages: [{ raw: buildMessage({ subject: "Lunch plans", body: "sandwiches" }) }],
  });
  caseId = (await createCaseVia(admin.token, { name: "Restore matter" })).id;
  const created = await api("POST", `${EDISCOVERY}/cases/${caseId}/exports`, {
    token: admin.token,
    body: { name: "Production", source: { searchQuery: { query: "matter" } }, format: "eml" },
  });
  expect(created.status).toBe(202);
  exportId = created.body.id;
}, 300_000);
afterAll(async () => server?.stop());

async function folderMessages(folder: string): Promise<Buffer[]> {
  const client = await server.connect(mailboxUser);
  try {
    const lock = await client.getMailboxLock(folder);
    try {
      const messages = [];
      for await (const message of client.fetch("1:*", { source: true })) messages.push(message.source as Buffer);
      return messages;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

const requestRestore = (body: Record<string, unknown>, token = admin.token) =>
  api("POST", "/v1/archived-emails/restore", { token, body: { ingestionSourceId: imapSourceId, ...body } });
const runJobs = async () => {
  while (await runNextJob(jobHandlers));
};

describe("POST /v1/archived-emails/restore with a case export", () => {
  it("answers 409 until the export is completed, 404 for an unknown export or one in a case the caller is not in, 422 unless exactly one selection", async () => {
    const early = await requestRestore({ exportId });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/only a completed export/);
    while (await runNextExport());

    expect((await requestRestore({ exportId: GHOST })).status).toBe(404);
    const outsider = await createUserWithRole(admin.token, [
      { action: "manage", subject: "ediscovery" },
      { action: "restore", subject: "archive" },
    ]);
    expect((await requestRestore({ exportId }, outsider.token)).status).toBe(404);
    const reader = await createUserWithRole(admin.token, [{ action: "read", subject: "archive" }]);
    expect((await requestRestore({ exportId }, reader.token)).status).toBe(403);
    for (const body of [{}, { exportId, searchQuery: { query: "" } }, { exportId: "nope" }]) {
      const refused = await requestRestore(body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
    }
    expect(await db().restoreRun.count()).toBe(0);
  }, 300_000);

  it("restores every item of the export in its order, with progress and audit entries", async () => {
    const queued = await requestRestore({ exportId, folder: "Matter" });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ status: "queued", exportId, searchQuery: null, folder: "Matter", restored: 0 });
    await runJobs();
    const run = await api("GET", `/v1/archived-emails/restore/${queued.body.id}`, { token: admin.token });
    expect(run.body).toMatchObject({ status: "completed", total: 3, restored: 3, failed: 0, error: null });
    expect(await folderMessages("Matter")).toEqual(exported.map((message) => message.raw));
    const requested = await db().auditLog.findFirstOrThrow({ where: { actionType: "RESTORE_REQUESTED", targetId: queued.body.id } });
    expect(requested.details).toMatchObject({ exportId, caseId, folder: "Matter" });
    expect(await db().auditLog.count({ where: { actionType: "RESTORE", details: { path: ["folder"], equals: "Matter" } } })).toBe(3);
    expect((await verifyAuditLog()).ok).toBe(true);
  });

  it("restores only what the requester may restore: the rest counts as failed", async () => {
    // A case member who reads everything but may restore only alice's mail.
    const member = await createUserWithRole(admin.token, [
      { action: "manage", subject: "ediscovery" },
      { action: "read", subject: "archive" },
      { action: "restore", subject: "archive", conditions: { userEmail: "alice@corp.test" } },
      { action: "manage", subject: "ingestion" },
    ]);
    await db().ediscoveryCaseMember.create({ data: { caseId, userId: member.user.id } });
    const queued = await requestRestore({ exportId, folder: "Alice only" }, member.token);
    expect(queued.status).toBe(202);
    await runJobs();
    expect((await api("GET", `/v1/archived-emails/restore/${queued.body.id}`, { token: member.token })).body).toMatchObject({
      status: "completed",
      total: 3,
      restored: 2,
      failed: 1,
    });
    expect(await folderMessages("Alice only")).toEqual(
      exported.filter((message) => message.mailbox === "alice@corp.test").map((message) => message.raw),
    );
  });

  it("resumes a run whose worker died after its last recorded item, without appending the item in doubt twice", async () => {
    const queued = await requestRestore({ exportId, folder: "Resumed" });
    const runId: string = queued.body.id;
    // The state a worker killed mid-run leaves: item 1 restored, item 2 appended (UIDNEXT recorded before) but not recorded, its lease lapsed.
    const client = await server.connect(mailboxUser);
    await client.mailboxCreate("Resumed");
    await client.append("Resumed", exported[0].raw);
    const uidNext = ((await client.status("Resumed", { uidNext: true })) as { uidNext: number }).uidNext;
    await client.append("Resumed", exported[1].raw);
    await client.logout();
    const items = await db().ediscoveryExportItem.findMany({ where: { exportId }, orderBy: { seq: "asc" } });
    await db().restoreRunItem.createMany({
      data: items.map((item, index) => ({
        runId,
        seq: item.seq,
        emailId: item.emailId,
        ...[{ state: "restored", uid: 1 }, { state: "appending", uidNext }, {}][index],
      })),
    });
    const stale = new Date(Date.now() - 10 * 60_000);
    await db().restoreRun.update({
      where: { id: runId },
      data: { status: "running", position: items[0].seq, restored: 1, total: 3, lockedBy: "dead-worker:1", lockedAt: stale },
    });
    const auditBefore = await db().auditLog.count({ where: { actionType: "RESTORE" } });

    await runJobs();
    expect(await db().restoreRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
      status: "completed",
      restored: 3,
      failed: 0,
      position: items[2].seq,
      lockedBy: null,
    });
    expect(await folderMessages("Resumed")).toEqual(exported.map((message) => message.raw));
    expect((await db().restoreRunItem.findMany({ where: { runId }, orderBy: { seq: "asc" } })).map((item) => item.state)).toEqual([
      "restored",
      "restored",
      "restored",
    ]);
    expect(await db().auditLog.count({ where: { actionType: "RESTORE" } })).toBe(auditBefore + 2);
  });

  it("is tRPC's archivedEmails.bulkRestore and restoreRun too, with the same answers", async () => {
    const bearer = { authorization: `Bearer ${admin.token}` };
    const queued = await trpcHttp("archivedEmails.bulkRestore", { ingestionSourceId: imapSourceId, folder: "Via tRPC", exportId }, bearer);
    expect(queued.status).toBe(200);
    const run = ((await queued.json()) as { result: { data: { id: string; exportId: string } } }).result.data;
    expect(run.exportId).toBe(exportId);
    await runJobs();
    const progress = await trpcHttp("archivedEmails.restoreRun", { runId: run.id }, bearer);
    expect(((await progress.json()) as { result: { data: unknown } }).result.data).toMatchObject({ status: "completed", restored: 3 });
    expect((await trpcHttp("archivedEmails.bulkRestore", { ingestionSourceId: imapSourceId, exportId: GHOST }, bearer)).status).toBe(404);
    expect((await trpcHttp("archivedEmails.bulkRestore", { ingestionSourceId: imapSourceId }, bearer)).status).toBe(422);
  });

  it("leaves a run another worker holds under a live lease alone (the job is retried later)", async () => {
    const queued = await requestRestore({ exportId, folder: "Held" });
    await db().restoreRun.update({
      where: { id: queued.body.id },
      data: { status: "running", lockedBy: "live-worker:1", lockedAt: new Date() },
    });
    await runNextJob(jobHandlers);
    const job = await db().job.findFirstOrThrow({ where: { payload: { path: ["runId"], equals: queued.body.id } } });
    expect(job).toMatchObject({ status: "queued", lastError: expect.stringMatching(/in the hands of live-worker:1/) });
    expect(await db().restoreRun.findUniqueOrThrow({ where: { id: queued.body.id } })).toMatchObject({
      status: "running",
      restored: 0,
      lockedBy: "live-worker:1",
    });
  });

  it("runs from the command line: npm run archive -- restore-to-mailbox, audited as the operator", async () => {
    const cli = await runProcess(process.execPath, [
      "--import",
      "tsx",
      "scripts/archive.ts",
      "restore-to-mailbox",
      "--export",
      exportId,
      "--source",
      "Restore target",
      "--folder",
      "From the CLI",
      "--no-progress",
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout.trim().split("\n").pop()!)).toMatchObject({
      status: "completed",
      exportId,
      total: 3,
      restored: 3,
      failed: 0,
    });
    expect(await folderMessages("From the CLI")).toEqual(exported.map((message) => message.raw));
    const requested = await db().auditLog.findFirstOrThrow({ where: { actionType: "RESTORE_REQUESTED" }, orderBy: { id: "desc" } });
    expect(requested.actorIdentifier).toMatch(/^cli:/);
    const unknown = await runProcess(process.execPath, [
      "--import",
      "tsx",
      "scripts/archive.ts",
      "restore-to-mailbox",
      "--export",
      GHOST,
      "--source",
      "Restore target",
      "--no-progress",
    ]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/Export not found|not found/);
  }, 300_000);
});
