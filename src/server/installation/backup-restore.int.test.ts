import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { buildMessage } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { applyHold, applyLabel, createHold, createLabel } from "@tests/helpers/retention";
import { asAuditTableOwner } from "@tests/helpers/audit-tampering";
import { queryOn, useRestoreTargets } from "@tests/helpers/restore-target";
import { startPrimaryAndReplica } from "@tests/helpers/postgres-replica";
import { runArchiveCli } from "@tests/helpers/archive-cli";
import { withEnv } from "@tests/helpers/with-env";
import { connectDedicatedPgClient } from "../platform/db/pg-pool";
import { blobStore } from "../archive/storage/blob-store-factory";
import { pauseBlobDeletions } from "../archive/storage/storage.queries";
import { releaseUnreferencedBlobs } from "../archive/storage/release-unreferenced-blobs";
import { restoreBackup, RestoreRefusedError } from "./restore-backup";
import { createBackup } from "./create-backup";
import { systemActor } from "../audit/append-audit-entry";
import { db, disconnectDb } from "../platform/db/client";
import { importMessageStream } from "../capture/ingestion/import-message-stream";

useEmptyDatabasePerTest();

const runArchive = (args: string[], env: Record<string, string> = {}) => runArchiveCli(args, env);

const freshTarget = useRestoreTargets();

let messageNumber = 0;
async function importSome(sourceId: string, count: number) {
  const messages = Array.from({ length: count }, () => {
    const n = ++messageNumber;
    const attachments = n % 3 === 0 ? [{ filename: `report-${n}.txt`, content: `attachment ${n}` }] : [];
    return buildMessage({ subject: `message ${n}`, body: `body of message ${n}`, attachments });
  });
  async function* items() {
    for (const raw of messages) yield { raw };
  }
  return importMessageStream({
    actor: systemActor("test"),
    sourceId,
    userEmail: "archive@example.com",
    items: items(),
    origin: { test: true },
  });
}

async function countFiles(directory: string): Promise<number> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

const snapshotQueries = {
  emails: "SELECT id::text, storage_hash_sha256 AS hash, subject FROM archived_emails ORDER BY id",
  /** Every kind of value an email row holds (uuid, text, arrays, jsonb, timestamps, the search vector) as text. */
  emailRows: `SELECT id, storage_hash_sha256, recipients::text, tags, sent_at, archived_at, search_vector::text, size_bytes
    FROM archived_emails ORDER BY id`,
  holds: "SELECT h.name, l.email_id::text FROM email_legal_holds l JOIN legal_holds h ON h.id = l.legal_hold_id ORDER BY 1, 2",
  labels: "SELECT label_id::text, email_id::text FROM email_retention_labels ORDER BY 2",
  keptCounts: `SELECT (SELECT coalesce(sum(delta), 0) FROM source_email_count_deltas)::int AS source_count,
                      (SELECT count(*) FROM archived_emails)::int AS emails,
                      (SELECT coalesce(sum(delta), 0) FROM legal_hold_link_count_deltas)::int AS hold_links,
                      (SELECT count(*) FROM email_legal_holds)::int AS links`,
};

describe("npm run archive -- backup / restore / check", () => {
  it("backs up while imports continue, restores exactly that state into a fresh installation, which checks clean and serves the same mail", async () => {
    const admin = await setupAdmin();
    const source = (await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Bulk", provider: "upload" } })).body;
    await importSome(source.id, 12);
    const emails = await db().archivedEmail.findMany({ orderBy: { subject: "asc" } });
    const hold = await createHold(admin.token, "Case 7");
    for (const email of emails.slice(0, 4)) await applyHold(admin.token, email.id, hold.id);
    const label = await createLabel(admin.token, "Seven years", 2555);
    await applyLabel(admin.token, emails[5].id, label.id);
    const backupRoot = await mkdtemp(path.join(tmpdir(), "backup-"));

    const backingUp = runArchive(["backup", "--to", backupRoot]);
    let finished = false;
    // Either way the loop stops; `await backingUp` below reports a failure.
    const stop = () => (finished = true);
    backingUp.then(stop, stop);
    let concurrentImports = 0;
    while (!finished || concurrentImports === 0) {
      await importSome(source.id, 3);
      concurrentImports++;
    }
    const backup = await backingUp;
    expect(backup.code, backup.stderr).toBe(0);
    const summary = JSON.parse(backup.stdout);
    expect(summary.counts.emails).toBeGreaterThanOrEqual(12);
    expect(summary.counts.legalHolds).toBe(1);

    const target = await freshTarget({ startedOnce: true });
    expect(await queryOn(target.DATABASE_URL!, "SELECT count(*)::int AS n FROM roles")).not.toEqual([{ n: 0 }]);
    // The backup is encrypted: no message text in any of its files (backup-secrecy.int.test.ts searches every form).
    for (const entry of await readdir(backupRoot, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) expect((await readFile(path.join(entry.parentPath, entry.name))).includes("body of message")).toBe(false);
    }
    expect(summary.counts.blobs).toBeGreaterThan(0);
    // Restoring it needs the storage key: without it, a clear refusal before anything is written
    // (and, as this installation took its credentials key from ENCRYPTION_KEY, that key by name too).
    const keyless = await runArchive(["restore", "--from", backupRoot], { ...target, ENCRYPTION_KEY: "" });
    expect(keyless.code).toBe(1);
    expect(keyless.stderr).toContain("restoring it needs the installation's storage key");
    expect(keyless.stderr).toContain("which the backed-up installation took from ENCRYPTION_KEY: set ENCRYPTION_KEY to that value");
    target.STORAGE_KEY_FILE = path.join(process.env.DATA_DIR!, "storage.key");
    // The signing key is handed over (imports signed receipts with it): the restored installation keeps its identity.
    await copyFile(path.join(process.env.DATA_DIR!, "export-signing-key.pem"), path.join(target.DATA_DIR!, "export-signing-key.pem"));
    // A new session secret (generated into the new DATA_DIR): the backed-up one is never restored.
    const restore = await runArchive(["restore", "--from", backupRoot], { ...target, AUTH_SECRET: "" });
    expect(restore.code, restore.stderr).toBe(0);
    expect(JSON.parse(restore.stdout)).toMatchObject({ backupId: summary.backup, auditHead: summary.auditHead, signingKey: "kept" });

    const check = await runArchive(["check"], target);
    expect(check.code, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout)).toEqual({
      emails: summary.counts.emails,
      blobsChecked: summary.counts.emails + summary.counts.attachments,
      blobsMissing: 0,
      blobsCorrupt: 0,
      auditOk: true,
      auditLogId: summary.auditHead.id,
    });

    // Exactly the snapshot: every restored email is the live one, holds and labels are the same,
    // the chain head is the live chain's entry of that id, and the kept counts were not counted twice.
    const live = process.env.DATABASE_URL!;
    const restoredEmails = await queryOn<{ id: string; hash: string }>(target.DATABASE_URL!, snapshotQueries.emails);
    const liveEmails = new Map(
      (await queryOn<{ id: string; hash: string }>(live, snapshotQueries.emails)).map((row) => [row.id, row.hash]),
    );
    expect(restoredEmails).toHaveLength(summary.counts.emails);
    for (const email of restoredEmails) expect(liveEmails.get(email.id)).toBe(email.hash);
    expect(liveEmails.size).toBeGreaterThan(restoredEmails.length);
    expect(await queryOn(target.DATABASE_URL!, snapshotQueries.holds)).toEqual(await queryOn(live, snapshotQueries.holds));
    expect(await queryOn(target.DATABASE_URL!, snapshotQueries.labels)).toEqual(await queryOn(live, snapshotQueries.labels));
    const roles = "SELECT id::text, slug, policies FROM roles ORDER BY id";
    expect(await queryOn(target.DATABASE_URL!, roles)).toEqual(await queryOn(live, roles));
    const [liveEntry] = await queryOn<{ current_hash: string }>(
      live,
      `SELECT current_hash FROM audit_logs WHERE id = ${summary.auditHead.id}`,
    );
    expect(liveEntry.current_hash).toBe(summary.auditHead.currentHash);
    const [counts] = await queryOn<Record<string, number>>(target.DATABASE_URL!, snapshotQueries.keptCounts);
    expect(counts).toEqual({ source_count: summary.counts.emails, emails: summary.counts.emails, hold_links: 4, links: 4 });

    // The restored service answers with the same mail, holds and chain head (this process stands for
    // it; its token key is the test's AUTH_SECRET, read once: backup-secrecy.int.test.ts shows that a
    // restored installation refuses the old tokens).
    try {
      await withEnv({ DATABASE_URL: target.DATABASE_URL }, async () => {
        await disconnectDb();
        const email = await api("GET", `/v1/archived-emails/${emails[0].id}`, { token: admin.token });
        expect(email.status, email.text).toBe(200);
        expect(email.body.subject).toBe(emails[0].subject);
        const holds = await api("GET", "/api/v1/enterprise/legal-holds/holds", { token: admin.token });
        expect(holds.body.items ?? holds.body).toEqual(
          expect.arrayContaining([expect.objectContaining({ name: "Case 7", emailCount: 4 })]),
        );
        const raw = await api("GET", `/v1/archived-emails/${emails[0].id}/raw`, { token: admin.token });
        expect(raw.status).toBe(200);
        // Audited work goes on from the restored chain head.
        const verify = await api("POST", "/api/v1/enterprise/audit-logs/verify", { token: admin.token });
        expect(verify.body.ok, verify.text).toBe(true);
      });
    } finally {
      // Back on the live database (withEnv has put its URL back).
      await disconnectDb();
    }

    // A second backup into the same directory copies only the blobs imported since.
    const blobsBefore = await countFiles(path.join(backupRoot, "blobs"));
    expect(blobsBefore).toBe(summary.counts.blobs);
    await importSome(source.id, 3);
    const second = await runArchive(["backup", "--to", backupRoot]);
    expect(second.code, second.stderr).toBe(0);
    const secondSummary = JSON.parse(second.stdout);
    const blobsAfter = await countFiles(path.join(backupRoot, "blobs"));
    expect(secondSummary.counts.blobsCopied).toBe(blobsAfter - blobsBefore);
    expect(secondSummary.counts.blobsCopied).toBeLessThan(secondSummary.counts.blobs);
    expect(secondSummary.counts.blobs).toBe(blobsAfter);
    expect(await readdir(path.join(backupRoot, "backups"))).toHaveLength(2);
  }, 400_000);

  it("check finds a missing and a corrupted blob and a tampered audit entry (exit 1); restore refuses a target that is not empty", async () => {
    const admin = await setupAdmin();
    const source = (await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Bulk", provider: "upload" } })).body;
    await importSome(source.id, 6);
    const backupRoot = await mkdtemp(path.join(tmpdir(), "backup-"));
    const backup = await runArchive(["backup", "--to", backupRoot]);
    expect(backup.code, backup.stderr).toBe(0);

    // The live installation is not empty (database and store): the CLI refuses, saying why. (Every
    // restore is given a session secret of its own: the backed-up one is refused.)
    const newSessionSecret = { AUTH_SECRET: "restored-installation-session-secret-0123456789" };
    const intoLive = await runArchive(["restore", "--from", backupRoot], newSessionSecret);
    expect(intoLive.code).toBe(1);
    expect(intoLive.stderr).toContain("restore refused: The blob store is not empty");
    const liveDatabaseUrl = process.env.DATABASE_URL!;
    const emptyStore = await mkdtemp(path.join(tmpdir(), "empty-store-"));
    try {
      await withEnv({ STORAGE_DIR: emptyStore, ...newSessionSecret }, async () => {
        const refused = restoreBackup({ from: backupRoot, databaseUrl: liveDatabaseUrl });
        await expect(refused).rejects.toBeInstanceOf(RestoreRefusedError);
        await expect(refused).rejects.toThrow(
          /^The target database is not empty \(rows in .*archived_emails.*\): restore only into an empty database\.$/,
        );
        // A database without any schema yet (an external server's new database) is a valid target.
        const { DATABASE_URL: empty } = await freshTarget();
        await withEnv({ DATABASE_URL: empty }, async () => {
          await disconnectDb();
          expect(await restoreBackup({ from: backupRoot, databaseUrl: empty })).toMatchObject({
            rows: expect.any(Number),
            blobs: 6 + (await queryOn<{ n: number }>(liveDatabaseUrl, "SELECT count(*)::int AS n FROM attachments"))[0].n,
          });
          const emails = "SELECT id, storage_hash_sha256 FROM archived_emails ORDER BY id";
          expect(await queryOn(empty, emails)).toEqual(await queryOn(liveDatabaseUrl, emails));
        });
      });
    } finally {
      // Back on the live database (withEnv has put its URL back).
      await disconnectDb();
    }

    const [missing, corrupt] = await db().archivedEmail.findMany({ orderBy: { id: "asc" }, take: 2 });
    const storage = path.join(process.env.DATA_DIR!, "storage");
    await rm(path.join(storage, missing.storagePath));
    await writeFile(path.join(storage, corrupt.storagePath), "tampered bytes");
    const tampered = await db().auditLog.findFirstOrThrow({ where: { actionType: "IMPORT" }, orderBy: { id: "asc" } });
    await asAuditTableOwner(() => db().$executeRaw`UPDATE audit_logs SET actor_ip = '203.0.113.9' WHERE id = ${tampered.id}`);
    const check = await runArchive(["check"]);
    expect(check.code).toBe(1);
    expect(JSON.parse(check.stdout)).toEqual({
      emails: 6,
      blobsChecked: 6 + (await db().attachment.count()),
      blobsMissing: 1,
      blobsCorrupt: 1,
      auditOk: false,
      auditLogId: Number(tampered.id),
    });
    expect(check.stderr).toContain(`email ${missing.id}: its stored bytes ${missing.storagePath} are missing`);
    expect(check.stderr).toContain(`email ${corrupt.id}: the bytes stored under ${corrupt.storagePath} do not hash to`);
  }, 400_000);

  it("restores a backup whose tables are COPY text in gzip, as backups were written before binary and brotli", async () => {
    const admin = await setupAdmin();
    const source = (await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Bulk", provider: "upload" } })).body;
    await importSome(source.id, 5);
    const backupRoot = await mkdtemp(path.join(tmpdir(), "backup-text-"));
    const manifest = await createBackup({ to: backupRoot, tableEncoding: { copyFormat: () => "text", compression: "gzip" } });
    expect(new Set(manifest.tables.map((table) => `${table.copyFormat} ${table.compression} ${table.file.slice(-15)}`))).toEqual(
      new Set(["text gzip .copy.gz.sealed"]),
    );
    const liveDatabaseUrl = process.env.DATABASE_URL!;
    const emptyStore = await mkdtemp(path.join(tmpdir(), "empty-store-"));
    const { DATABASE_URL: empty } = await freshTarget();
    try {
      await withEnv(
        { STORAGE_DIR: emptyStore, AUTH_SECRET: "restored-installation-session-secret-0123456789", DATABASE_URL: empty },
        async () => {
          await disconnectDb();
          expect(await restoreBackup({ from: backupRoot, databaseUrl: empty })).toMatchObject({ rows: expect.any(Number) });
          expect(await queryOn(empty, snapshotQueries.emailRows)).toEqual(await queryOn(liveDatabaseUrl, snapshotQueries.emailRows));
          expect(await queryOn(empty, snapshotQueries.emailRows)).toHaveLength(5);
        },
      );
    } finally {
      await disconnectDb();
    }
  }, 200_000);

  it("restores a backup of this PostgreSQL into Debian's PostgreSQL 15, whose COPY binary reads every table's values", async () => {
    const admin = await setupAdmin();
    const source = (await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Bulk", provider: "upload" } })).body;
    await importSome(source.id, 5);
    await applyHold(admin.token, (await db().archivedEmail.findFirstOrThrow()).id, (await createHold(admin.token, "Case 15")).id);
    const backupRoot = await mkdtemp(path.join(tmpdir(), "backup-binary-"));
    const manifest = await createBackup({ to: backupRoot });
    expect(manifest.tables.find((table) => table.name === "archived_emails")).toMatchObject({
      copyFormat: "binary",
      compression: "brotli-frames",
    });
    const liveDatabaseUrl = process.env.DATABASE_URL!;
    const servers = await startPrimaryAndReplica({ database: "restored" });
    try {
      const target = servers.primaryUrl("restored");
      expect((await queryOn<{ server_version_num: string }>(target, "SHOW server_version_num"))[0]).toMatchObject({
        server_version_num: expect.stringMatching(/^15/),
      });
      const emptyStore = await mkdtemp(path.join(tmpdir(), "empty-store-"));
      await withEnv(
        { STORAGE_DIR: emptyStore, AUTH_SECRET: "restored-installation-session-secret-0123456789", DATABASE_URL: target },
        async () => {
          await disconnectDb();
          await restoreBackup({ from: backupRoot, databaseUrl: target });
        },
      );
      for (const query of [
        snapshotQueries.emailRows,
        snapshotQueries.holds,
        "SELECT id, policies FROM roles ORDER BY id",
        "SELECT * FROM audit_logs ORDER BY id",
      ])
        expect(await queryOn(target, query), query).toEqual(await queryOn(liveDatabaseUrl, query));
    } finally {
      await disconnectDb();
      await servers.stop();
    }
  }, 200_000);

  it("stops a backup at a stored blob that does not open to its name, naming it, and leaves no backup behind", async () => {
    const admin = await setupAdmin();
    const source = (await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Bulk", provider: "upload" } })).body;
    await importSome(source.id, 8);
    const [corrupt] = await db().archivedEmail.findMany({ orderBy: { id: "asc" }, take: 1 });
    const storedFile = path.join(process.env.DATA_DIR!, "storage", corrupt.storagePath);
    const stored = await readFile(storedFile);
    await writeFile(storedFile, "tampered bytes");
    const backupRoot = await mkdtemp(path.join(tmpdir(), "backup-"));
    const failed = await runArchive(["backup", "--to", backupRoot]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`The stored bytes of ${corrupt.storagePath} do not hash to its name`);
    expect(await readdir(path.join(backupRoot, "backups"))).toEqual([]);
    expect(await readFile(path.join(backupRoot, "blobs", corrupt.storagePath)).catch(() => null)).toBeNull();

    // Mended, the next backup into the same directory completes.
    await writeFile(storedFile, stored);
    const mended = await runArchive(["backup", "--to", backupRoot]);
    expect(mended.code, mended.stderr).toBe(0);
    expect(JSON.parse(mended.stdout.trim().split("\n").pop()!).counts).toMatchObject({ emails: 8 });
  }, 120_000);

  it("holds back the deletion of stored bytes while a backup or check reads the store, then deletes them", async () => {
    const admin = await setupAdmin();
    const source = (await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Bulk", provider: "upload" } })).body;
    await importSome(source.id, 1);
    const email = await db().archivedEmail.findFirstOrThrow();
    await db().archivedEmail.delete({ where: { id: email.id } });
    const { client } = await connectDedicatedPgClient();
    await pauseBlobDeletions(client);
    expect(await releaseUnreferencedBlobs({ hashes: [email.storageHashSha256] })).toEqual([]);
    expect(await blobStore().exists(email.storagePath)).toBe(true);
    expect(await db().blobIntent.findMany({ select: { hash: true } })).toEqual([{ hash: email.storageHashSha256 }]);
    await client.end();
    expect(await releaseUnreferencedBlobs({ hashes: [email.storageHashSha256] })).toEqual([email.storageHashSha256]);
    expect(await blobStore().exists(email.storagePath)).toBe(false);
  });
});
