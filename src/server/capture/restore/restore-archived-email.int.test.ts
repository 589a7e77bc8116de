import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUserWithRole, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { dovecotSourceConfig, startDovecot, type DovecotServer, type DovecotUser } from "@tests/helpers/dovecot";
import { buildMessage } from "@tests/helpers/mail";
import { api } from "@tests/helpers/rest-client";
import { trpcHttp } from "@tests/helpers/trpc-http";
import { verifyAuditLog } from "../../audit/verify-audit-log";
import { db } from "../../platform/db/client";
import { ingestBatch } from "../ingestion/ingest-batch";
import { jobHandlers } from "../../composition/job-handlers";
import { runNextJob } from "../../platform/jobs/run-next-job";
import { BULK_RESTORE_JOB } from "./restore.schemas";
import { DESTINATION_CHANGED } from "./run-bulk-restore-job";

const mailboxUser: DovecotUser = { username: "alice@corp.test", password: "alice-Secret-1" };
/** Someone else's mailbox on the same server: where a re-pointed destination would send a restore. */
const otherUser: DovecotUser = { username: "mallory@corp.test", password: "mallory-Secret-1" };
let server: DovecotServer;
let admin: TestUser;
let imapSourceId: string;
let uploadSourceId: string;
const raws: Record<string, Buffer> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startDovecot({ users: [mailboxUser, otherUser] });
  admin = await setupAdmin();
  const imap = await api("POST", "/v1/ingestion-sources", {
    token: admin.token,
    body: {
      name: "Alice's mailbox",
      provider: "imap",
      config: dovecotSourceConfig(server, mailboxUser),
    },
  });
  imapSourceId = imap.body.id;
  uploadSourceId = (await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Uploads", provider: "upload" } })).body
    .id;
  for (const [name, mailbox] of [
    ["alice's", "alice@corp.test"],
    ["bob's", "bob@corp.test"],
  ] as const) {
    raws[name] = buildMessage({
      subject: `Restore ${name}`,
      date: "Wed, 03 Jul 2024 09:15:00 +0200",
      body: "Bytes kept as they were.\r\n",
    });
    const [outcome] = await ingestBatch({ sourceId: uploadSourceId, userEmail: mailbox, messages: [{ raw: raws[name] }] });
    if (outcome.status !== "imported") throw new Error(`seed failed: ${JSON.stringify(outcome)}`);
    ids[name] = outcome.emailId;
  }
});
afterAll(async () => server?.stop());

async function folderMessages(folder: string, user = mailboxUser): Promise<{ source: Buffer; internalDate: Date }[]> {
  const client = await server.connect(user);
  try {
    const lock = await client.getMailboxLock(folder);
    try {
      const messages = [];
      for await (const message of client.fetch("1:*", { source: true, internalDate: true })) {
        messages.push({ source: message.source as Buffer, internalDate: message.internalDate as Date });
      }
      return messages;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

const restore = (id: string, body: unknown, token = admin.token) => api("POST", `/v1/archived-emails/${id}/restore`, { token, body });

describe("POST /v1/archived-emails/{id}/restore", () => {
  it("appends the original bytes with the original date to a created folder, and audits it", async () => {
    const response = await restore(ids["alice's"], { ingestionSourceId: imapSourceId });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ emailId: ids["alice's"], ingestionSourceId: imapSourceId, folder: "Restored from archive" });
    const [restored] = await folderMessages("Restored from archive");
    expect(restored.source).toEqual(raws["alice's"]);
    expect(restored.internalDate.toISOString()).toBe("2024-07-03T07:15:00.000Z");
    const audit = await db().auditLog.findFirstOrThrow({ where: { actionType: "RESTORE" } });
    expect(audit).toMatchObject({
      targetType: "ArchivedEmail",
      targetId: ids["alice's"],
      details: { ingestionSourceId: imapSourceId, folder: "Restored from archive" },
    });
    expect((await verifyAuditLog()).ok).toBe(true);

    expect((await restore(ids["bob's"], { ingestionSourceId: imapSourceId, folder: "Archive/Returned" })).status).toBe(200);
    expect((await folderMessages("Archive/Returned")).map((message) => message.source)).toEqual([raws["bob's"]]);
  });

  it("needs restore:archive within the role's conditions (manage:all has it)", async () => {
    const reader = await createUserWithRole(admin.token, [{ action: "read", subject: "archive" }]);
    expect((await restore(ids["alice's"], { ingestionSourceId: imapSourceId }, reader.token)).status).toBe(403);
    const alice = await createUserWithRole(admin.token, [
      { action: "restore", subject: "archive", conditions: { userEmail: "alice@corp.test" } },
      // Restoring into a source other than the emails' own needs manage:ingestion (restore-destination.ts).
      { action: "manage", subject: "ingestion" },
    ]);
    expect((await restore(ids["alice's"], { ingestionSourceId: imapSourceId, folder: "By Alice" }, alice.token)).status).toBe(200);
    expect((await restore(ids["bob's"], { ingestionSourceId: imapSourceId, folder: "By Alice" }, alice.token)).status).toBe(404);
    expect((await api("POST", `/v1/archived-emails/${ids["alice's"]}/restore`, { body: { ingestionSourceId: imapSourceId } })).status).toBe(
      401,
    );
  });

  it("answers 404 for an unknown email or source and 422 for a malformed body or a source that is no IMAP mailbox", async () => {
    const ghost = "00000000-0000-4000-8000-000000000000";
    expect((await restore(ghost, { ingestionSourceId: imapSourceId })).status).toBe(404);
    expect((await restore(ids["alice's"], { ingestionSourceId: ghost })).status).toBe(404);
    const malformed = await restore(ids["alice's"], { ingestionSourceId: "nope", folder: "" });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(["folder", "ingestionSourceId"]);
    expect((await restore(ids["alice's"], { ingestionSourceId: uploadSourceId })).status).toBe(422);
    expect((await api("GET", `/v1/archived-emails/${ids["alice's"]}/restore`, { token: admin.token })).status).toBe(405);
  });
});

describe("POST /v1/archived-emails/restore (bulk, in the background)", () => {
  it("restores every email the query matches within the caller's scope, with progress and one audit entry per email", async () => {
    const alice = await createUserWithRole(admin.token, [
      { action: "restore", subject: "archive", conditions: { userEmail: "alice@corp.test" } },
      // Restoring into a source other than the emails' own needs manage:ingestion (restore-destination.ts).
      { action: "manage", subject: "ingestion" },
    ]);
    const queued = await api("POST", "/v1/archived-emails/restore", {
      token: alice.token,
      body: { ingestionSourceId: imapSourceId, folder: "Bulk", searchQuery: { query: "" } },
    });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ status: "queued", restored: 0, folder: "Bulk", total: null });
    const before = await db().auditLog.count({ where: { actionType: "RESTORE" } });
    while (await runNextJob(jobHandlers));
    const run = await api("GET", `/v1/archived-emails/restore/${queued.body.id}`, { token: alice.token });
    expect(run.body).toMatchObject({ status: "completed", total: 1, restored: 1, failed: 0, error: null });
    expect((await folderMessages("Bulk")).map((message) => message.source)).toEqual([raws["alice's"]]);
    expect(await db().auditLog.count({ where: { actionType: "RESTORE" } })).toBe(before + 1);
    expect(await db().auditLog.count({ where: { actionType: "RESTORE_REQUESTED", targetId: queued.body.id } })).toBe(1);

    const everything = await api("POST", "/v1/archived-emails/restore", {
      token: admin.token,
      body: { ingestionSourceId: imapSourceId, folder: "Bulk all", searchQuery: { query: "restore" } },
    });
    while (await runNextJob(jobHandlers));
    expect((await api("GET", `/v1/archived-emails/restore/${everything.body.id}`, { token: admin.token })).body).toMatchObject({
      status: "completed",
      total: 2,
      restored: 2,
    });
    expect(await folderMessages("Bulk all")).toHaveLength(2);
  });

  describe("resuming after the worker died (messages without a Message-ID)", () => {
    const unlabelled: { raw: Buffer; id: string }[] = [];
    const requestSearchRestore = async (folder: string) =>
      (
        await api("POST", "/v1/archived-emails/restore", {
          token: admin.token,
          body: { ingestionSourceId: imapSourceId, folder, searchQuery: { query: "unlabelled" } },
        })
      ).body.id as string;
    const lapse = (runId: string, data: Record<string, unknown>) =>
      db().restoreRun.update({
        where: { id: runId },
        data: { status: "running", lockedBy: "dead-worker:1", lockedAt: new Date(Date.now() - 10 * 60_000), ...data },
      });

    beforeAll(async () => {
      for (const day of [1, 2, 3]) {
        const raw = buildMessage({ subject: `Unlabelled ${day}`, messageId: null, date: `Mon, 0${day} Jul 2024 09:00:00 +0000` });
        const [outcome] = await ingestBatch({ sourceId: uploadSourceId, userEmail: "alice@corp.test", messages: [{ raw }] });
        if (outcome.status !== "imported") throw new Error("seed failed");
        unlabelled.push({ raw, id: outcome.emailId });
      }
    });

    it("writes the set again when the worker died while writing it", async () => {
      const runId = await requestSearchRestore("Half set");
      // A half-written set: one row, and no total yet.
      await db().restoreRunItem.create({ data: { runId, seq: 1, emailId: ids["bob's"] } });
      await lapse(runId, { total: null });
      while (await runNextJob(jobHandlers));
      expect(await db().restoreRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
        status: "completed",
        total: 3,
        restored: 3,
      });
      const restored = (await folderMessages("Half set")).map((message) => message.source.toString());
      expect(restored.sort()).toEqual(unlabelled.map((message) => message.raw.toString()).sort());
    });

    it("restores the set fixed at the start exactly once: the email in doubt is found by its bytes, later matches are not added", async () => {
      const runId = await requestSearchRestore("Resumed search");
      // The state a worker killed mid-run leaves: email 1 restored, email 2 appended (UIDNEXT recorded before) but not recorded.
      const client = await server.connect(mailboxUser);
      await client.mailboxCreate("Resumed search");
      await client.append("Resumed search", unlabelled[0].raw);
      const uidNext = ((await client.status("Resumed search", { uidNext: true })) as { uidNext: number }).uidNext;
      await client.append("Resumed search", unlabelled[1].raw);
      await client.logout();
      await db().restoreRunItem.createMany({
        data: [
          { runId, seq: 1, emailId: unlabelled[0].id, state: "restored", uid: 1 },
          { runId, seq: 2, emailId: unlabelled[1].id, state: "appending", uidNext },
          { runId, seq: 3, emailId: unlabelled[2].id },
        ],
      });
      await lapse(runId, { total: 3, position: 1, restored: 1 });
      // Matches the query, but arrived after the run fixed its set.
      await ingestBatch({
        sourceId: uploadSourceId,
        userEmail: "alice@corp.test",
        messages: [{ raw: buildMessage({ subject: "Unlabelled 4", messageId: null }) }],
      });
      const auditBefore = await db().auditLog.count({ where: { actionType: "RESTORE" } });

      while (await runNextJob(jobHandlers));
      expect(await db().restoreRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
        status: "completed",
        total: 3,
        restored: 3,
        failed: 0,
        position: 3,
      });
      expect((await folderMessages("Resumed search")).map((message) => message.source)).toEqual(unlabelled.map((message) => message.raw));
      expect(await db().auditLog.count({ where: { actionType: "RESTORE" } })).toBe(auditBefore + 2);
    });
  });

  it("answers 403 without restore:archive, 404 for an unknown source or run, 422 for a malformed body", async () => {
    const reader = await createUserWithRole(admin.token, [{ action: "read", subject: "archive" }]);
    const body = { ingestionSourceId: imapSourceId, searchQuery: { query: "" } };
    expect((await api("POST", "/v1/archived-emails/restore", { token: reader.token, body })).status).toBe(403);
    expect(
      (
        await api("POST", "/v1/archived-emails/restore", {
          token: admin.token,
          body: { ...body, ingestionSourceId: "00000000-0000-4000-8000-000000000000" },
        })
      ).status,
    ).toBe(404);
    expect((await api("GET", "/v1/archived-emails/restore/00000000-0000-4000-8000-000000000000", { token: admin.token })).status).toBe(404);
    const malformed = await api("POST", "/v1/archived-emails/restore", {
      token: admin.token,
      body: { ingestionSourceId: imapSourceId, searchQuery: { query: 5 } },
    });
    expect(malformed.status).toBe(422);
  });
});

describe("restore destinations, IMAP failures and run visibility (issue 34, item 11)", () => {
  const restorer = () => createUserWithRole(admin.token, [{ action: "restore", subject: "archive" }]);

  it("restores into the email's own mailbox with restore:archive alone; into another source only with manage:ingestion (403)", async () => {
    const raw = buildMessage({ subject: "Own mailbox", body: "Archived from Alice's IMAP mailbox.\r\n" });
    const [own] = await ingestBatch({ sourceId: imapSourceId, userEmail: "alice@corp.test", messages: [{ raw }] });
    if (own.status !== "imported") throw new Error("seed failed");
    const plain = await restorer();
    expect((await restore(own.emailId, { ingestionSourceId: imapSourceId, folder: "Own" }, plain.token)).status).toBe(200);
    expect((await folderMessages("Own")).map((message) => message.source)).toEqual([raw]);

    const elsewhere = await restore(ids["bob's"], { ingestionSourceId: imapSourceId, folder: "Elsewhere" }, plain.token);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toMatch(/only into the mailbox it was archived from/);
    const viaTrpc = await trpcHttp(
      "archivedEmails.restore",
      { id: ids["bob's"], ingestionSourceId: imapSourceId, folder: "Elsewhere" },
      { authorization: `Bearer ${plain.token}` },
    );
    expect(viaTrpc.status).toBe(403);

    // In bulk, the same rule narrows the run to the destination's own emails.
    const queued = await api("POST", "/v1/archived-emails/restore", {
      token: plain.token,
      body: { ingestionSourceId: imapSourceId, folder: "Own bulk", searchQuery: { query: "" } },
    });
    expect(queued.status).toBe(202);
    while (await runNextJob(jobHandlers));
    expect(await db().restoreRun.findUniqueOrThrow({ where: { id: queued.body.id } })).toMatchObject({ status: "completed", total: 1 });
    expect((await folderMessages("Own bulk")).map((message) => message.source)).toEqual([raw]);

    const manager = await createUserWithRole(admin.token, [
      { action: "restore", subject: "archive" },
      { action: "manage", subject: "ingestion" },
    ]);
    expect((await restore(ids["bob's"], { ingestionSourceId: imapSourceId, folder: "Elsewhere" }, manager.token)).status).toBe(200);
  });

  it("answers a described 503 when the IMAP server cannot be reached and 502 when it refuses the login, never a bare 500", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const source = async (name: string, config: Record<string, unknown>) =>
      (
        await api("POST", "/v1/ingestion-sources", {
          token: admin.token,
          body: { name, provider: "imap", config: { ...dovecotSourceConfig(server, mailboxUser), ...config } },
        })
      ).body.id as string;
    const down = await source("Down", { port: 1 });
    const unreachable = await restore(ids["alice's"], { ingestionSourceId: down });
    expect(unreachable.status).toBe(503);
    expect(unreachable.body.message).toBe(`Could not connect to the IMAP server at ${server.host}:1 (the server log has the details)`);
    expect(unreachable.headers.get("retry-after")).toBe("60");
    const refused = await restore(ids["alice's"], {
      ingestionSourceId: await source("Wrong password", { password: "Not-Her-Password-1" }),
    });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toMatch(/rejected the username or password/);
    expect(refused.text).not.toContain("Not-Her-Password-1");
    const viaTrpc = await trpcHttp(
      "archivedEmails.restore",
      { id: ids["alice's"], ingestionSourceId: down },
      { authorization: `Bearer ${admin.token}` },
    );
    expect(viaTrpc.status).toBe(503);
  });

  it("shows a restore run to its requester and manage:all only (404 for anyone else, REST and tRPC)", async () => {
    const owner = await createUserWithRole(admin.token, [
      { action: "restore", subject: "archive" },
      { action: "manage", subject: "ingestion" },
    ]);
    const queued = await api("POST", "/v1/archived-emails/restore", {
      token: owner.token,
      body: { ingestionSourceId: imapSourceId, folder: "Private run", searchQuery: { query: "nothing-matches-this" } },
    });
    expect(queued.status).toBe(202);
    const path = `/v1/archived-emails/restore/${queued.body.id}`;
    const other = await createUserWithRole(admin.token, [
      { action: "restore", subject: "archive" },
      { action: "manage", subject: "ingestion" },
    ]);
    expect((await api("GET", path, { token: owner.token })).status).toBe(200);
    expect((await api("GET", path, { token: admin.token })).status).toBe(200);
    const hidden = await api("GET", path, { token: other.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe("Restore run not found");
    const viaTrpc = await trpcHttp("archivedEmails.restoreRun", { runId: queued.body.id }, { authorization: `Bearer ${other.token}` });
    expect(viaTrpc.status).toBe(404);
  });
});

describe("a bulk restore is bound to its destination as requested (issue 48, item 8)", () => {
  const requester = () =>
    createUserWithRole(admin.token, [
      { action: "restore", subject: "archive" },
      { action: "manage", subject: "ingestion" },
      { action: "manage", subject: "system" },
    ]);
  const newDestination = async (name: string) =>
    (
      await api("POST", "/v1/ingestion-sources", {
        token: admin.token,
        body: { name, provider: "imap", config: dovecotSourceConfig(server, mailboxUser) },
      })
    ).body.id as string;
  const requestRestore = async (token: string, destination: string, folder: string) => {
    const queued = await api("POST", "/v1/archived-emails/restore", {
      token,
      body: { ingestionSourceId: destination, folder, searchQuery: { query: "restore" } },
    });
    expect(queued.status).toBe(202);
    return queued.body.id as string;
  };
  const jobOf = async (runId: string) =>
    (await db().job.findFirstOrThrow({ where: { type: BULK_RESTORE_JOB, payload: { path: ["runId"], equals: runId } } })).id;

  it("fails a run whose destination was re-pointed after the request, writes nothing there, and audits why", async () => {
    const owner = await requester();
    const destination = await newDestination("Bound destination");
    const runId = await requestRestore(owner.token, destination, "Redirected");
    // Someone else who manages sources re-points the destination to a mailbox of their own, entering its password.
    const itAdmin = await createUserWithRole(admin.token, "predefined_it_administrator");
    const repointed = await api("PUT", `/v1/ingestion-sources/${destination}`, {
      token: itAdmin.token,
      body: { config: dovecotSourceConfig(server, otherUser) },
    });
    expect(repointed.status).toBe(200);
    while (await runNextJob(jobHandlers));
    const run = await api("GET", `/v1/archived-emails/restore/${runId}`, { token: owner.token });
    expect(run.body).toMatchObject({ status: "failed", restored: 0, error: DESTINATION_CHANGED });
    await expect(folderMessages("Redirected", otherUser)).rejects.toThrow();
    const failed = await db().auditLog.findFirstOrThrow({ where: { actionType: "RESTORE_FAILED", targetId: runId } });
    expect(failed.details).toMatchObject({ reason: "destination_changed", ingestionSourceId: destination, error: DESTINATION_CHANGED });
    expect((await verifyAuditLog()).ok).toBe(true);

    // Unchanged, the same destination restores as requested.
    const kept = await requestRestore(owner.token, await newDestination("Unchanged destination"), "Bound");
    while (await runNextJob(jobHandlers));
    expect((await db().restoreRun.findUniqueOrThrow({ where: { id: kept } })).status).toBe("completed");
    expect(await folderMessages("Bound")).toHaveLength(2);
  });

  it("lets only the requester or manage:all retry a restore job (403 for manage:system alone)", async () => {
    const owner = await requester();
    const other = await requester();
    const destination = await newDestination("Retry destination");
    const jobs = [
      await jobOf(await requestRestore(owner.token, destination, "Retried")),
      await jobOf(await requestRestore(owner.token, destination, "Retried 2")),
    ];
    await db().job.updateMany({ where: { id: { in: jobs } }, data: { status: "failed" } });
    const retry = (id: string, token: string) => api("POST", `/v1/system/jobs/${id}/retry`, { token });

    const itAdmin = await createUserWithRole(admin.token, "predefined_it_administrator");
    for (const caller of [itAdmin, other]) {
      const refused = await retry(jobs[0], caller.token);
      expect([refused.status, refused.body.message]).toEqual([
        403,
        "Only whoever requested this restore, or a caller with manage:all, may retry its job",
      ]);
    }
    const viaTrpc = await trpcHttp("system.retryJob", { id: jobs[0] }, { authorization: `Bearer ${itAdmin.token}` });
    expect(viaTrpc.status).toBe(403);
    expect((await db().job.findUniqueOrThrow({ where: { id: jobs[0] } })).status).toBe("failed");
    expect((await retry(jobs[0], owner.token)).status).toBe(204);
    expect((await retry(jobs[1], admin.token)).status).toBe(204);
    expect(await db().job.count({ where: { id: { in: jobs }, status: "queued" } })).toBe(2);
  });
});
