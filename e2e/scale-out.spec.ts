import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createHash, generateKeyPairSync } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { DeleteObjectCommand, GetObjectLegalHoldCommand, HeadObjectCommand, ListObjectVersionsCommand } from "@aws-sdk/client-s3";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { startCephRgw, type CephRgw } from "@tests/helpers/ceph-rgw";
import { dovecotSourceConfig, seedMailbox, startDovecot, type DovecotServer } from "@tests/helpers/dovecot";
import { freePort } from "@tests/helpers/free-port";
import { buildMessage, mboxOf } from "@tests/helpers/mail";
import { startPrimaryAndReplica, type PrimaryAndReplica } from "@tests/helpers/postgres-replica";
import { s3StorageEnvironment } from "@tests/helpers/s3-server";
import { sendSmtp } from "@tests/helpers/smtp-client";
import { until } from "@tests/helpers/until";
import { REPLICA_LAG_HEADER } from "@/server/platform/db/replica-reads";

/**
 * Scale-out (docs/sizing.md, "Several processes"): two web processes, two workers and two journal
 * listeners, each a separate `npm start` with its roles narrowed and a data directory of its own, as
 * on separate hosts: they share only the PostgreSQL, the blob store, the production directory and the
 * secrets given in the environment (docs/configuration.md, "Several hosts"). The engines are real
 * and external: Debian's PostgreSQL 15 primary, with web 2 reading from its streaming replica
 * (DATABASE_READ_URL), and the blob store on Ceph RGW's Object Lock bucket with STORAGE_IMMUTABLE;
 * only the production directory is a shared local directory (one both hosts mount). Imports, IMAP syncs,
 * exports, lifecycle cycles and journaled deliveries go through all of them at once; then every job
 * has run once, every message is archived once, every export and every deletion happened once, no two
 * lifecycle cycles overlapped, every production downloads through either web host, a search through
 * web 2 is answered by the replica, a held email's object cannot be deleted through S3 even with the
 * service's credentials, the audit chain verifies and `npm run archive -- check` passes. A host with
 * a session secret of its own refuses to start. It runs against the
 * production build (the web role needs it), hence an e2e spec without a page.
 */
const RUN = Date.now().toString(36);
const ADMIN = { email: "scale-admin@example.com", password: "scale out admin password 1" };
const MAILBOX_USER = { username: `scale-${RUN}@corp.test`, password: "scale-Secret-1" };
const JOURNAL = `journal-${RUN}@archive.test`;
const COUNTS = { uploaded: 40, expiring: 30, inbox: 25, projects: 15, journaled: 30, exports: 4 };

interface Role {
  name: string;
  child: ChildProcess;
  output: string;
  exited: Promise<number | null>;
}

let database: PrimaryAndReplica;
let rgw: CephRgw;
/** The test's own directory: each host's data directory, and what the hosts share, live under it. */
let dataDir: string;
let dovecot: DovecotServer;
let sql: pg.Client;
const roles: Role[] = [];

/** What every host is given alike: the secrets, the blob store and the production directory. */
const SHARED_SECRETS = {
  AUTH_SECRET: `scale-out session secret ${RUN}`,
  ENCRYPTION_KEY: `scale-out encryption key ${RUN}`,
  STORAGE_KEY: `scale-out storage key ${RUN}`,
  EXPORT_SIGNING_KEY: generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
};

/** A host's environment: its own data directory; the shared secrets, database, blob store and production directory. */
function hostEnvironment(name: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...SHARED_SECRETS,
    ...s3StorageEnvironment(rgw.lockedBucket),
    STORAGE_IMMUTABLE: "true",
    DATABASE_URL: database.primaryUrl(),
    DATA_DIR: path.join(dataDir, `host-${name.replace(/\W+/g, "-")}`),
    EXPORT_DIR: path.join(dataDir, "shared-exports"),
  };
}

function startRole(name: string, env: Record<string, string>): Role {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: {
      ...hostEnvironment(name),
      WEB_CONCURRENCY: "1",
      JOURNAL_SMTP_PORT: "0",
      // Every worker tries a cycle every 3 s: they meet, and only one may run at a time.
      LIFECYCLE_INTERVAL_MINUTES: "0.05",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const role: Role = { name, child, output: "", exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))) };
  child.stdout!.on("data", (chunk) => (role.output += chunk));
  child.stderr!.on("data", (chunk) => (role.output += chunk));
  roles.push(role);
  return role;
}

/** Waits for `probe`; on a timeout the error shows the end of every role's output. */
const untilRoles = <T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 120_000) =>
  until(what, probe, { timeoutMs, diagnostics: () => roles.map((r) => `--- ${r.name}\n${r.output.slice(-2000)}`).join("\n") });

const started = (role: Role, line: string) => untilRoles(`${role.name}: "${line}"`, async () => role.output.includes(line), 240_000);

async function call(base: string, method: string, route: string, options: { token?: string; body?: unknown; mbox?: Buffer } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.mbox) {
    headers["content-type"] = "application/mbox";
    body = Uint8Array.from(options.mbox);
  } else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${base}${route}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, text };
}

async function ok(base: string, method: string, route: string, options: Parameters<typeof call>[3], status = 200) {
  const response = await call(base, method, route, options);
  expect(response.status, `${method} ${route}: ${response.text}`).toBe(status);
  return response.body;
}

const count = async (query: string, values: unknown[] = []) => Number((await sql.query(query, values)).rows[0].n);

const message = (subject: string, date = "Mon, 15 Jan 2024 12:00:00 +0000") =>
  buildMessage({
    subject,
    date,
    from: "alice@corp.test",
    to: ["bob@corp.test"],
    messageId: `<${subject.replace(/\W+/g, "-")}@scale.test>`,
  });

const numbered = (prefix: string, n: number, date?: string) =>
  Array.from({ length: n }, (_, i) => message(`${prefix} ${RUN} ${i + 1}`, date));

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  // Inside the project like the e2e server's own data (.e2e-data/).
  dataDir = path.resolve(".e2e-data", `scale-out-${RUN}`);
  mkdirSync(dataDir, { recursive: true });
  [database, rgw, dovecot] = await Promise.all([startPrimaryAndReplica(), startCephRgw(), startDovecot({ users: [MAILBOX_USER] })]);
  sql = new pg.Client({ connectionString: database.primaryUrl() });
  await sql.connect();
  await seedMailbox(dovecot, MAILBOX_USER, [
    { path: "INBOX", messages: numbered("Inbox", COUNTS.inbox).map((raw) => ({ raw })) },
    { path: "Projects", messages: numbered("Project", COUNTS.projects).map((raw) => ({ raw })) },
  ]);
});

test.afterAll(async () => {
  for (const role of roles) role.child.kill("SIGTERM");
  await Promise.all(roles.map((role) => Promise.race([role.exited, new Promise((resolve) => setTimeout(resolve, 30_000))])));
  for (const role of roles) role.child.kill("SIGKILL");
  await sql?.end();
  await dovecot?.stop();
  await database?.stop();
  await rgw?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("two web processes, two workers and two journal listeners, each with its own data directory, share the work once", async () => {
  test.setTimeout(600_000);
  const [webPort1, webPort2, smtpPort1, smtpPort2] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const web1 = `http://127.0.0.1:${webPort1}`;
  const web2 = `http://127.0.0.1:${webPort2}`;

  // The first process migrates the database, records the shared secrets' fingerprints and creates the administrator.
  const first = startRole("web 1", { ROLES: "web", PORT: String(webPort1), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  await started(first, "Serving on");
  const { accessToken: token } = await ok(web1, "POST", "/v1/auth/login", { body: ADMIN });

  const upload = await ok(
    web1,
    "POST",
    "/v1/ingestion-sources",
    { token, body: { name: `Uploads ${RUN}`, provider: "upload", config: {} } },
    201,
  );
  const expiring = await ok(
    web1,
    "POST",
    "/v1/ingestion-sources",
    { token, body: { name: `Expiring ${RUN}`, provider: "upload", config: {} } },
    201,
  );
  const imap = await ok(
    web1,
    "POST",
    "/v1/ingestion-sources",
    { token, body: { name: `Mailbox ${RUN}`, provider: "imap", config: dovecotSourceConfig(dovecot, MAILBOX_USER) } },
    201,
  );
  const journal = await ok(
    web1,
    "POST",
    "/v1/ingestion-sources",
    {
      token,
      body: { name: `Journal ${RUN}`, provider: "smtp-journal", config: { recipientAddress: JOURNAL, internalDomains: ["corp.test"] } },
    },
    201,
  );
  // Mail of the expiring source is a day past its retention: the workers' cycles delete it.
  await ok(
    web1,
    "POST",
    "/api/v1/enterprise/retention-policy/policies",
    {
      token,
      body: { name: "Expiring after a day", retentionPeriodDays: 1, ingestionSourceIds: [expiring.id] },
    },
    201,
  );
  await ok(web1, "PUT", "/v1/settings", { token, body: { deletionEnabled: true } });
  const matter = await ok(web1, "POST", "/api/v1/enterprise/ediscovery/cases", { token, body: { name: `Scale ${RUN}` } }, 201);

  // The other five at once.
  const second = startRole("web 2", { ROLES: "web", PORT: String(webPort2), DATABASE_READ_URL: database.replicaUrl() });
  const workers = [startRole("worker 1", { ROLES: "worker" }), startRole("worker 2", { ROLES: "worker" })];
  const listeners = [
    startRole("journal 1", { ROLES: "journal", JOURNAL_SMTP_PORT: String(smtpPort1) }),
    startRole("journal 2", { ROLES: "journal", JOURNAL_SMTP_PORT: String(smtpPort2) }),
  ];
  await Promise.all([started(second, "Serving on"), ...listeners.map((listener) => started(listener, "SMTP journaling listener on"))]);
  const status = await untilRoles("both web servers', workers' and listeners' heartbeats", async () => {
    const body = (await call(web2, "GET", "/v1/system/status", { token })).body;
    const processes: { role: string }[] = body?.processes ?? [];
    const of = (role: string) => processes.filter((entry) => entry.role === role).length;
    return of("web") === 2 && of("worker") === 2 && of("journal") === 2 && body;
  });
  expect(status).toBeTruthy();

  const uploaded = mboxOf(numbered("Upload", COUNTS.uploaded));
  const journaled = numbered("Journaled", COUNTS.journaled);
  const imports = [web1, web2, web1, web2].map((base) =>
    ok(base, "POST", `/v1/ingestion-sources/${upload.id}/import?userEmail=bob@corp.test`, { token, mbox: uploaded }),
  );
  const expiringImport = ok(web2, "POST", `/v1/ingestion-sources/${expiring.id}/import?userEmail=old@corp.test`, {
    token,
    mbox: mboxOf(numbered("Expiring", COUNTS.expiring, "Tue, 2 Jan 2018 09:00:00 +0000")),
  });
  const syncs = [web1, web2, web1, web2].map((base) => call(base, "POST", `/v1/ingestion-sources/${imap.id}/sync`, { token }));
  // Every journaled message reaches both listeners (as two journaling servers would deliver it).
  const deliveries = journaled.flatMap((raw, i) =>
    [smtpPort1, smtpPort2].map((port) =>
      sendSmtp({
        port: i % 2 === 0 ? port : port === smtpPort1 ? smtpPort2 : smtpPort1,
        from: "alice@corp.test",
        to: ["bob@corp.test", JOURNAL],
        raw,
      }),
    ),
  );
  const [importReports, , syncAnswers, sent] = await Promise.all([
    Promise.all(imports),
    expiringImport,
    Promise.all(syncs),
    Promise.all(deliveries),
  ]);

  // Every item of every import is imported once across the four, or a duplicate of it.
  for (const report of importReports) {
    expect(report.failed).toEqual([]);
    expect(report.imported + report.duplicates).toBe(COUNTS.uploaded);
  }
  expect(importReports.reduce((sum, report) => sum + report.imported, 0)).toBe(COUNTS.uploaded);
  // A sync requested while one is queued or running answers 409 or joins it; none fails.
  for (const answer of syncAnswers) expect([200, 202, 409], answer.text).toContain(answer.status);
  for (const answer of sent) expect(answer.code, answer.response).toBe(250);

  // Exports created through both web processes, run by whichever worker claims them.
  const exports = await Promise.all(
    Array.from({ length: COUNTS.exports }, (_, i) =>
      ok(
        i % 2 === 0 ? web1 : web2,
        "POST",
        `/api/v1/enterprise/ediscovery/cases/${matter.id}/exports`,
        {
          token,
          body: { name: `Production ${i + 1}`, source: { searchQuery: { query: `Upload ${RUN}` } }, format: i % 2 ? "mbox" : "eml" },
        },
        202,
      ),
    ),
  );

  const emailsOf = (sourceId: string) => count("SELECT count(*) AS n FROM archived_emails WHERE ingestion_source_id = $1", [sourceId]);
  await untilRoles("the IMAP mailbox archived", async () => (await emailsOf(imap.id)) === COUNTS.inbox + COUNTS.projects);
  await untilRoles("the expiring mail deleted by the lifecycle", async () => (await emailsOf(expiring.id)) === 0);
  // A cycle on the immutable store also syncs the whole archive's retention: wait for a second one to meet the first.
  await untilRoles(
    "a second lifecycle cycle",
    async () => (await count("SELECT count(*) AS n FROM lifecycle_cycles WHERE finished_at IS NOT NULL")) > 1,
  );
  await untilRoles("every export completed", async () => {
    const done = await count("SELECT count(*) AS n FROM ediscovery_exports WHERE case_id = $1 AND status = 'completed'", [matter.id]);
    return done === COUNTS.exports;
  });
  await untilRoles("every job finished", async () => (await count("SELECT count(*) AS n FROM jobs WHERE status NOT IN ('done')")) === 0);

  // Every message archived once.
  expect(await emailsOf(upload.id)).toBe(COUNTS.uploaded);
  expect(await emailsOf(journal.id)).toBe(COUNTS.journaled);
  expect(
    await count(
      "SELECT count(*) AS n FROM (SELECT 1 FROM archived_emails GROUP BY ingestion_source_id, message_id_header HAVING count(*) > 1) d",
    ),
  ).toBe(0);
  // Every job ran once: no job was claimed twice or retried.
  const jobs = (await sql.query("SELECT type, attempts, last_error FROM jobs")).rows;
  expect(jobs.length).toBeGreaterThan(0);
  for (const job of jobs) expect(job, JSON.stringify(job)).toMatchObject({ attempts: 1, last_error: null });
  // Every export started once and completed once, with every matching email.
  for (const created of exports) {
    const phases = (
      await sql.query("SELECT details->>'phase' AS phase FROM audit_logs WHERE action_type = 'EXPORT' AND target_id = $1", [created.id])
    ).rows;
    expect(phases.map((row) => row.phase).sort()).toEqual(["completed", "created", "started"]);
  }
  expect(
    await count("SELECT count(*) AS n FROM ediscovery_exports WHERE case_id = $1 AND processed_items <> $2", [matter.id, COUNTS.uploaded]),
  ).toBe(0);
  // Every expired email deleted once, by cycles that never overlapped.
  expect(await count("SELECT count(*) AS n FROM audit_logs WHERE action_type = 'DELETE' AND target_type = 'ArchivedEmail'")).toBe(
    COUNTS.expiring,
  );
  expect(
    await count("SELECT count(DISTINCT target_id) AS n FROM audit_logs WHERE action_type = 'DELETE' AND target_type = 'ArchivedEmail'"),
  ).toBe(COUNTS.expiring);
  const cycles = (await sql.query("SELECT started_at, finished_at FROM lifecycle_cycles WHERE finished_at IS NOT NULL ORDER BY started_at"))
    .rows;
  expect(cycles.length).toBeGreaterThan(1);
  for (let i = 1; i < cycles.length; i++)
    expect(cycles[i].started_at.getTime()).toBeGreaterThanOrEqual(cycles[i - 1].finished_at.getTime());
  // Both workers and both listeners were alive throughout (none restarted).
  for (const role of [...workers, ...listeners]) expect(role.output, role.name).not.toContain("exited with");

  // Every production downloads through either web host, byte for byte the same.
  for (const created of exports) {
    const route = `/api/v1/enterprise/ediscovery/cases/${matter.id}/exports/${created.id}/download`;
    const digests = [];
    for (const base of [web1, web2]) {
      const response = await fetch(`${base}${route}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, `${base}${route}`).toBe(200);
      digests.push(
        createHash("sha256")
          .update(Buffer.from(await response.arrayBuffer()))
          .digest("hex"),
      );
    }
    expect(digests[0]).toBe(digests[1]);
  }

  // A search through web 2 is answered by its replica (the lag header says so) and finds the uploaded mail.
  await database.waitForReplay();
  const searched = await fetch(`${web2}/v1/search?query=${encodeURIComponent(`Upload ${RUN}`)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(searched.status).toBe(200);
  expect(searched.headers.get(REPLICA_LAG_HEADER), "the search was answered by the replica").toMatch(/^\d+$/);
  expect((await searched.json()).total).toBe(COUNTS.uploaded);

  // An uploaded email put on a legal hold through the API: its object cannot be deleted through S3,
  // not even with the service's own credentials (Object Lock legal hold, STORAGE_IMMUTABLE).
  const held = (
    await sql.query("SELECT id, storage_path FROM archived_emails WHERE ingestion_source_id = $1 ORDER BY subject LIMIT 1", [upload.id])
  ).rows[0];
  const hold = await ok(web1, "POST", "/api/v1/enterprise/legal-holds/holds", { token, body: { name: `Scale hold ${RUN}` } }, 201);
  await ok(web1, "POST", `/api/v1/enterprise/legal-holds/email/${held.id}/holds`, { token, body: { holdId: hold.id } });
  const s3 = rgw.client();
  const object = { Bucket: rgw.lockedBucket.bucket, Key: held.storage_path };
  expect((await s3.send(new GetObjectLegalHoldCommand(object))).LegalHold?.Status).toBe("ON");
  const versions = (await s3.send(new ListObjectVersionsCommand({ Bucket: object.Bucket, Prefix: object.Key }))).Versions ?? [];
  expect(versions.length).toBeGreaterThan(0);
  for (const version of versions) {
    await expect(s3.send(new DeleteObjectCommand({ ...object, VersionId: version.VersionId }))).rejects.toMatchObject({
      name: "AccessDenied",
    });
    expect((await s3.send(new HeadObjectCommand({ ...object, VersionId: version.VersionId }))).VersionId).toBe(version.VersionId);
  }
  s3.destroy();

  // A host whose session secret is its own stops at start, naming it, before serving anything.
  const stray = startRole("stray web", { ROLES: "web", PORT: String(await freePort()), AUTH_SECRET: "a secret of its own" });
  expect(await stray.exited).not.toBe(0);
  expect(stray.output).toMatch(/AUTH_SECRET: this host's \(from AUTH_SECRET, fingerprint [0-9a-f]{16}\) differs/);
  expect(stray.output).not.toContain("Serving on");

  const verified = await ok(web2, "POST", "/api/v1/enterprise/audit-logs/verify", { token });
  expect(verified, JSON.stringify(verified)).toMatchObject({ ok: true });

  // The installation's check (every blob on RGW against its hash, the audit chain) passes, run as on another host.
  const checked = await promisify(execFile)("npm", ["run", "--silent", "archive", "--", "check", "--no-progress"], {
    env: hostEnvironment("check"),
    timeout: 300_000,
  });
  expect(JSON.parse(checked.stdout.trim().split("\n").at(-1)!)).toMatchObject({ auditOk: true, blobsMissing: 0, blobsCorrupt: 0 });
});
