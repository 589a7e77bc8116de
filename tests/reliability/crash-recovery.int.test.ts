import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { verifyAuditLog } from "../../src/server/audit/verify-audit-log";
import { dataDir } from "../../src/server/platform/config/env";
import { db } from "../../src/server/platform/db/client";
import { runLifecycleCycle } from "../../src/server/retention/lifecycle/run-lifecycle-cycle";
import { setupAdmin } from "../helpers/auth";
import { buildMessage, mboxOf } from "../helpers/mail";
import { useEmptyDatabasePerTest } from "../helpers/reset-database";
import { api } from "../helpers/rest-client";
import { applyHold, applyLabel, createHold, createLabel } from "../helpers/retention";
import { runProcess } from "../helpers/run-process";
import { blobStore } from "../../src/server/archive/storage/blob-store-factory";

useEmptyDatabasePerTest();

const storageRoot = () => path.join(dataDir(), "storage");
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Starts a script and SIGKILLs it after `afterMs` (or lets it finish first). */
function killAfter(args: string[], afterMs: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { env: { ...process.env }, stdio: "ignore" });
    const timer = setTimeout(() => child.kill("SIGKILL"), afterMs);
    child.on("error", reject);
    child.on("exit", (code) => (clearTimeout(timer), resolve(code)));
  });
}

/**
 * Runs the script `rounds` times, each SIGKILLed at a random instant that should fall inside the
 * run: a run that finishes first tells how long a run takes now (work shrinks as rounds complete
 * it, and machines differ), and the next kill aims at 30-90% of that. Returns how many were killed.
 */
async function crashRepeatedly(args: string[], rounds: number): Promise<number> {
  let killed = 0;
  let runMs = 4000;
  for (let round = 0; round < rounds; round++) {
    const started = Date.now();
    if ((await killAfter(args, Math.floor(runMs * (0.3 + Math.random() * 0.6)))) === null) killed++;
    else runMs = Math.max(300, Date.now() - started);
  }
  return killed;
}

async function storedFiles(): Promise<string[]> {
  const found: string[] = [];
  const walk = async (directory: string) => {
    for (const entry of await readdir(directory, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(full);
    }
  };
  await walk(storageRoot());
  return found;
}

/** Every row's bytes are there and intact; every stored file is referenced by a row. */
async function expectStorageConsistent() {
  const emails = await db().archivedEmail.findMany({ select: { storagePath: true, storageHashSha256: true } });
  const attachments = await db().attachment.findMany({ select: { storagePath: true, hashSha256: true } });
  const referenced = new Set<string>();
  for (const { storagePath, hash } of [
    ...emails.map((e) => ({ storagePath: e.storagePath, hash: e.storageHashSha256 })),
    ...attachments.map((a) => ({ storagePath: a.storagePath, hash: a.hashSha256 })),
  ]) {
    // Opened through the store: it seals what it writes (docs/operations.md, "Storage at rest").
    expect(sha256(await blobStore().get(storagePath)), storagePath).toBe(hash);
    referenced.add(path.join(storageRoot(), storagePath));
  }
  expect((await storedFiles()).filter((file) => !referenced.has(file))).toEqual([]);
}

describe("crashes", () => {
  it("an import killed with SIGKILL at random points loses nothing, duplicates nothing, and leaves no orphaned bytes after the next cycle", async () => {
    const admin = await setupAdmin();
    await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Crashy", provider: "upload" } });
    const messages = Array.from({ length: 400 }, (_, index) =>
      buildMessage({
        subject: `crash ${index}`,
        attachments: index % 5 === 0 ? [{ filename: `file-${index}.bin`, content: Buffer.alloc(20_000 + index, index % 251) }] : [],
      }),
    );
    const file = path.join(await mkdtemp(path.join(tmpdir(), "crash-")), "mail.mbox");
    await writeFile(file, mboxOf(messages));
    const args = ["scripts/archive.ts", "import", "--source", "Crashy", "--user", "crash@example.com", "--no-progress", file];
    expect(await crashRepeatedly(args, 6), "some imports were killed before they finished").toBeGreaterThan(0);

    const finish = await runProcess(process.execPath, ["--import", "tsx", ...args]);
    expect(finish.code, finish.stderr).toBe(0);
    const summary = JSON.parse(finish.stdout);
    expect(summary.failed).toEqual([]);
    expect(summary.imported + summary.duplicates).toBe(400);
    expect(await db().archivedEmail.count()).toBe(400);
    expect(await db().attachment.count()).toBe(80);

    await runLifecycleCycle({ sweepOlderThanMs: 0 });
    await expectStorageConsistent();
    expect(await db().blobIntent.count()).toBe(0);
    expect((await verifyAuditLog()).ok).toBe(true);
  }, 240_000);

  it("a worker killed with SIGKILL during cycles never deletes a held email, and a restarted worker finishes the work", async () => {
    const admin = await setupAdmin();
    const source = await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Old mail", provider: "upload" } });
    const old = "Mon, 01 Jan 2018 10:00:00 +0000";
    const messages = Array.from({ length: 300 }, (_, index) =>
      buildMessage({
        subject: `old ${index}`,
        date: old,
        attachments: index % 4 === 0 ? [{ filename: "a.bin", content: Buffer.alloc(5000, index % 256) }] : [],
      }),
    );
    const imported = await api("POST", `/v1/ingestion-sources/${source.body.id}/import?userEmail=old@example.com`, {
      token: admin.token,
      rawBody: new Uint8Array(mboxOf(messages)),
      headers: { "content-type": "application/mbox" },
    });
    expect(imported.body).toMatchObject({ imported: 300, failed: [] });
    const label = await createLabel(admin.token, "One year", 365);
    const hold = await createHold(admin.token, "Keep some");
    const emails = await db().archivedEmail.findMany({ orderBy: { subject: "asc" }, select: { id: true } });
    const held = emails.filter((_, index) => index % 10 === 0).map((email) => email.id);
    for (const email of emails) await applyLabel(admin.token, email.id, label.id);
    for (const id of held) await applyHold(admin.token, id, hold.id);
    // Slow deletions down so kills land inside cycles.
    await db().$executeRawUnsafe(
      `CREATE FUNCTION slow_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.01); RETURN OLD; END $$`,
    );
    await db().$executeRawUnsafe(`CREATE TRIGGER slow_delete BEFORE DELETE ON archived_emails FOR EACH ROW EXECUTE FUNCTION slow_delete()`);
    try {
      expect(await crashRepeatedly(["scripts/worker.ts", "--once"], 5), "some cycles were killed before they finished").toBeGreaterThan(0);
    } finally {
      await db().$executeRawUnsafe("DROP TRIGGER slow_delete ON archived_emails");
      await db().$executeRawUnsafe("DROP FUNCTION slow_delete()");
    }
    const finish = await runProcess(process.execPath, ["--import", "tsx", "scripts/worker.ts", "--once"]);
    expect(finish.code, finish.stderr).toBe(0);
    const remaining = await db().archivedEmail.findMany({ select: { id: true } });
    expect(remaining.map((email) => email.id).sort()).toEqual([...held].sort());
    // The default sweep waits 15 minutes for in-flight work; the check runs it at once.
    await runLifecycleCycle({ sweepOlderThanMs: 0 });
    await expectStorageConsistent();
    const deletions = await db().auditLog.count({ where: { actionType: "DELETE", targetType: "ArchivedEmail" } });
    expect(deletions).toBe(300 - held.length);
    expect((await verifyAuditLog()).ok).toBe(true);
  }, 240_000);
});
