import { spawn } from "node:child_process";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUserWithRole, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { startPrimaryAndReplica, type PrimaryAndReplica } from "@tests/helpers/postgres-replica";
import { api } from "@tests/helpers/rest-client";
import { withEnv } from "@tests/helpers/with-env";
import { PrismaClient } from "@/generated/prisma/client";
import { principalForUser } from "../../identity/auth/authenticate";
import { ensurePredefinedRoles } from "../../identity/roles/ensure-predefined-roles";
import { createCaller } from "../../transport/trpc/root";
import { db, disconnectDb } from "./client";
import { resolveDatabase } from "./database-url";
import { applyMigrations } from "./migrations";
import { pgPool } from "./pg-pool";
import { readPool, REPLICA_LAG_HEADER, routeRequest, withReadRoute } from "./replica-reads";

// One primary and one streaming replica for the file (tests/helpers/postgres-replica.ts, ~2.5 s),
// migrated like the suite's template; the per-file database of the shared server is left unused.
let servers: PrimaryAndReplica;
let admin: TestUser;
let reader: TestUser;
let sourceId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  servers = await startPrimaryAndReplica();
  await applyMigrations(servers.primaryUrl());
  const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: servers.primaryUrl() }) });
  await ensurePredefinedRoles({ client });
  await client.$disconnect();
  await disconnectDb();
}, 120_000);
withEnv(
  () => ({
    DATABASE_URL: servers.primaryUrl(),
    DATABASE_READ_URL: servers.replicaUrl(),
    // A paused replay makes the replica as old as its last replayed transaction: allow that here.
    DATABASE_READ_MAX_LAG_MS: "600000",
  }),
  { scope: "all" },
);
beforeAll(async () => {
  admin = await setupAdmin();
  reader = await createUserWithRole(admin.token, "predefined_read_only");
  sourceId = await ensureTestSource("Replica source");
  for (const subject of ["Quarterly invoice", "Invoice reminder"]) {
    ids[subject] = (await insertTestEmail({ ingestionSourceId: sourceId, subject, bodyText: `${subject} for the replica test` })).id;
  }
  expect((await api("PUT", "/v1/settings", { token: admin.token, body: { deletionEnabled: true } })).status).toBe(200);
  await servers.waitForReplay();
}, 120_000);

afterAll(async () => {
  await disconnectDb();
  await servers?.stop();
});

const subjectsOf = (items: { subject: string }[]) => items.map((item) => item.subject).sort();
const listPath = () => `/v1/archived-emails/ingestion-source/${sourceId}?limit=50`;

describe("reads from a streaming replica (DATABASE_READ_URL)", () => {
  it("answers searches, lists and email details from the replica, saying how stale, and audits on the primary", async () => {
    const searches = () => db().auditLog.count({ where: { actionType: "SEARCH" } });
    const searchesBefore = await searches();
    const found = await api("GET", "/v1/search?query=invoice", { token: reader.token });
    expect(found.status).toBe(200);
    expect(subjectsOf(found.body.items)).toEqual(["Invoice reminder", "Quarterly invoice"]);
    expect(found.headers.get(REPLICA_LAG_HEADER)).toMatch(/^\d+$/);
    expect(await searches()).toBe(searchesBefore + 1);

    // Proof that the replica answers: with its replay paused, a row committed on the primary is missing.
    await servers.pauseReplay();
    try {
      await insertTestEmail({ ingestionSourceId: sourceId, subject: "Late invoice", bodyText: "Late invoice" });
      const stale = await api("GET", "/v1/search?query=invoice", { token: reader.token });
      expect(subjectsOf(stale.body.items)).toEqual(["Invoice reminder", "Quarterly invoice"]);
      expect(Number(stale.headers.get(REPLICA_LAG_HEADER))).toBeGreaterThan(0);
      const list = await api("GET", listPath(), { token: reader.token });
      expect(list.status).toBe(200);
      expect(list.body.total).toBe(2);
      expect(Number(list.headers.get(REPLICA_LAG_HEADER))).toBeGreaterThan(0);
    } finally {
      await servers.resumeReplay();
    }
    await servers.waitForReplay();
    const caughtUp = await api("GET", listPath(), { token: reader.token });
    expect(caughtUp.body.total).toBe(3);
    const detail = await api("GET", `/v1/archived-emails/${ids["Quarterly invoice"]}`, { token: reader.token });
    expect(detail.status).toBe(200);
    expect(detail.body.subject).toBe("Quarterly invoice");
    expect(detail.headers.get(REPLICA_LAG_HEADER)).toMatch(/^\d+$/);
    // The READ audit entry went to the primary.
    expect(await db().auditLog.count({ where: { actionType: "READ", targetId: ids["Quarterly invoice"] } })).toBe(1);
  });

  it("shows a caller its own write at once (from the primary) while another caller reads the replica's older state", async () => {
    const emailId = ids["Invoice reminder"];
    await servers.pauseReplay();
    try {
      expect((await api("DELETE", `/v1/archived-emails/${emailId}`, { token: admin.token })).status).toBe(204);

      const ownRead = await api("GET", `/v1/archived-emails/${emailId}`, { token: admin.token });
      expect(ownRead.status).toBe(404);
      expect(ownRead.headers.get(REPLICA_LAG_HEADER)).toBeNull();
      const ownList = await api("GET", listPath(), { token: admin.token });
      expect(subjectsOf(ownList.body.items)).not.toContain("Invoice reminder");
      expect(ownList.headers.get(REPLICA_LAG_HEADER)).toBeNull();

      const otherRead = await api("GET", `/v1/archived-emails/${emailId}`, { token: reader.token });
      expect(otherRead.status).toBe(200);
      expect(Number(otherRead.headers.get(REPLICA_LAG_HEADER))).toBeGreaterThan(0);
    } finally {
      await servers.resumeReplay();
    }
    await servers.waitForReplay();
    expect((await api("GET", `/v1/archived-emails/${emailId}`, { token: reader.token })).status).toBe(404);
    // Once the replica has replayed the write, the writer reads from it again.
    const ownLater = await api("GET", listPath(), { token: admin.token });
    expect(ownLater.headers.get(REPLICA_LAG_HEADER)).toMatch(/^\d+$/);
    expect(subjectsOf(ownLater.body.items)).not.toContain("Invoice reminder");
  });

  it("shows a caller its own write when the next read lands on another host, which shares no memory with the first", async () => {
    const onPrimary = (subject: string) =>
      db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM archived_emails WHERE subject = ${subject}`;
    await servers.pauseReplay();
    try {
      // Host A: a request that writes; the caller's write position is kept as such requests keep it.
      await routeRequest({ readsReplica: false, mayWrite: true, callerKey: admin.user.id }, () =>
        insertTestEmail({ ingestionSourceId: sourceId, subject: "Written on host A", bodyText: "host A" }),
      );
      expect(Number((await onPrimary("Written on host A"))[0].n)).toBe(1);
      // Host B: this module loaded afresh, as another process would have it.
      vi.resetModules();
      const hostB = await import("./replica-reads");
      const readOnB = (callerKey: string) =>
        hostB.routeRequest({ readsReplica: true, mayWrite: false, callerKey }, async () => {
          const { rows } = await hostB
            .readPool()
            .query("SELECT count(*)::int AS n FROM archived_emails WHERE subject = 'Written on host A'");
          return rows[0].n as number;
        });
      // The writer's read waited for the paused replica, then was answered by the primary.
      expect(await readOnB(admin.user.id)).toEqual({ result: 1, replicaLagMs: null });
      // Anyone else's read on host B comes from the replica, without the write, and says how stale.
      const other = await readOnB(reader.user.id);
      expect(other.result).toBe(0);
      expect(other.replicaLagMs).toBeGreaterThan(0);
    } finally {
      await servers.resumeReplay();
    }
    await servers.waitForReplay();
  });

  it("routes the UI's tRPC queries too: the dashboard's counts, and a mutation's caller reads its own write", async () => {
    const callerFor = async (user: TestUser) =>
      createCaller({ principal: await principalForUser(user.user.id, "127.0.0.1", "session"), ip: "127.0.0.1" });
    const [asAdmin, asReader] = [await callerFor(admin), await callerFor(reader)];
    const before = (await asReader.dashboard.stats()).emailsArchived;
    await servers.pauseReplay();
    try {
      await asAdmin.archivedEmails.delete({ id: ids["Quarterly invoice"] });
      // The admin's own deletion counted (from the primary); the reader's count from the paused replica.
      expect((await asAdmin.dashboard.stats()).emailsArchived).toBe(before - 1);
      expect((await asReader.dashboard.stats()).emailsArchived).toBe(before);
    } finally {
      await servers.resumeReplay();
    }
    await servers.waitForReplay();
    expect((await asReader.dashboard.stats()).emailsArchived).toBe(before - 1);
  });

  it("reads from the primary when the replica cannot be reached", async () => {
    await withEnv({ DATABASE_READ_URL: "postgresql://archive@127.0.0.1:1/archive" }, async () => {
      const routed = await withReadRoute(null, async () => readPool());
      expect(routed).toEqual({ result: pgPool(), replicaLagMs: null });
    });
  });

  it("refuses to start with a DATABASE_URL that is a replica, naming the variable", async () => {
    const primary = process.env.DATABASE_URL;
    await withEnv({ DATABASE_URL: servers.replicaUrl() }, () =>
      expect(resolveDatabase()).rejects.toThrow(/^DATABASE_URL points at a PostgreSQL standby.*DATABASE_READ_URL/),
    );
    await expect(resolveDatabase()).resolves.toMatchObject({ url: primary, owned: false });
  });
});

/** Runs `npm start`'s script without its web role (that needs a production build) until `done` is in its output or it exits. */
async function startCommand(env: Record<string, string>, done: RegExp): Promise<{ code: number | null; output: string }> {
  const start = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "--no-web", "--no-worker"], {
    env: { ...process.env, JOURNAL_SMTP_PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => start.once("exit", resolve));
  return new Promise((resolve) => {
    const onOutput = (chunk: Buffer) => {
      output += chunk;
      if (done.test(output)) start.kill("SIGTERM");
    };
    start.stdout.on("data", onOutput);
    start.stderr.on("data", onOutput);
    // `exited` never rejects: the exit event only resolves it.
    void exited.then((code) => resolve({ code, output }));
  });
}

describe("npm start with a replica", () => {
  it("refuses a DATABASE_URL that is a replica, and starts on the primary with DATABASE_READ_URL", { timeout: 120_000 }, async () => {
    const refused = await startCommand({ DATABASE_URL: servers.replicaUrl() }, /Roles:/);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain("DATABASE_URL points at a PostgreSQL standby");
    expect(refused.output).not.toContain("read-only transaction");

    const started = await startCommand({ DATABASE_URL: servers.primaryUrl(), DATABASE_READ_URL: servers.replicaUrl() }, /Roles:/);
    expect(started.output).toContain("Using the database at");
    expect(started.output).toContain("Roles:");
  });
});

describe("without DATABASE_READ_URL", () => {
  it("reads from the primary's pool, and states no lag", async () => {
    await withEnv({ DATABASE_READ_URL: undefined }, async () =>
      expect(await withReadRoute("anyone", async () => readPool())).toEqual({ result: pgPool(), replicaLagMs: null }),
    );
  });
});
