import { spawn } from "node:child_process";
import { runProcess } from "@tests/helpers/run-process";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../platform/db/client";
import { verifyAuditLog } from "../../audit/verify-audit-log";
import { api } from "@tests/helpers/rest-client";
import { setupAdmin, type TestUser } from "@tests/helpers/auth";
import { insertTestEmail } from "@tests/helpers/emails";
import { withHoldReleaseAllowed } from "@tests/helpers/hold-guard";
import { resetDatabase } from "@tests/helpers/reset-database";
import { applyHold, applyLabel, createHold, createLabel, createPolicy, daysAgo } from "@tests/helpers/retention";
import { runLifecycleCycle, type CycleSummary } from "./run-lifecycle-cycle";

const HOLDS = "/api/v1/enterprise/legal-holds";
const LABELS = "/api/v1/enterprise/retention-policy";

/**
 * An oracle in the database: a row-level trigger that, at the instant each email row is deleted
 * (by anyone), records it if a committed link to an active hold exists ('hold'), or a committed
 * label whose period has not run out ('label': only the lifecycle must respect that; a manual
 * deletion may). PL/pgSQL statements take a fresh snapshot under READ COMMITTED, so the check
 * sees every hold, activation and label committed before that instant.
 */
async function installHeldDeletionOracle() {
  await db().$executeRawUnsafe(
    "CREATE TABLE held_deletions (email_id uuid NOT NULL, kind text NOT NULL, deleted_at timestamptz NOT NULL DEFAULT clock_timestamp())",
  );
  await db().$executeRawUnsafe(`
    CREATE FUNCTION record_held_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM email_legal_holds elh JOIN legal_holds h ON h.id = elh.legal_hold_id
                 WHERE elh.email_id = OLD.id AND h.is_active) THEN
        INSERT INTO held_deletions (email_id, kind) VALUES (OLD.id, 'hold');
      END IF;
      IF EXISTS (SELECT 1 FROM email_retention_labels erl JOIN retention_labels rl ON rl.id = erl.label_id
                 WHERE erl.email_id = OLD.id AND OLD.sent_at + make_interval(days => rl.retention_period_days) > now()) THEN
        INSERT INTO held_deletions (email_id, kind) VALUES (OLD.id, 'label');
      END IF;
      RETURN OLD;
    END $$`);
  await db().$executeRawUnsafe(
    "CREATE TRIGGER record_held_deletion BEFORE DELETE ON archived_emails FOR EACH ROW EXECUTE FUNCTION record_held_deletion()",
  );
}

async function removeOracle() {
  await db().$executeRawUnsafe("DROP TRIGGER IF EXISTS record_held_deletion ON archived_emails");
  await db().$executeRawUnsafe("DROP FUNCTION IF EXISTS record_held_deletion()");
  await db().$executeRawUnsafe("DROP TABLE IF EXISTS held_deletions");
}

async function heldDeletions(kind: "hold" | "label" = "hold"): Promise<string[]> {
  const rows = await db().$queryRaw<{ email_id: string }[]>`SELECT email_id FROM held_deletions WHERE kind = ${kind}`;
  return rows.map((row) => row.email_id);
}

async function sessionsWaitingForLocks(): Promise<number> {
  const rows = await db().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
  return rows[0].n;
}

async function insertDueEmails(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) ids.push((await insertTestEmail({ sentAt: daysAgo(30) })).id);
  return ids;
}

/** Every lifecycle deletion audited exactly once, and nothing audited that still exists. */
async function expectOneAuditEntryPerDeletion(expectedDeleted: number) {
  const entries = await db().auditLog.findMany({ where: { actorIdentifier: "system:lifecycle", actionType: "DELETE" } });
  const targets = entries.map((entry) => entry.targetId);
  expect(new Set(targets).size).toBe(targets.length);
  expect(targets).toHaveLength(expectedDeleted);
  expect(await db().archivedEmail.count({ where: { id: { in: targets } } })).toBe(0);
  expect(await verifyAuditLog()).toMatchObject({ ok: true });
}

let admin: TestUser;
beforeEach(async () => {
  await removeOracle();
  await resetDatabase();
  admin = await setupAdmin();
  await createPolicy(admin.token, { name: "Everything", retentionPeriodDays: 1 });
});
afterEach(removeOracle);

describe("lifecycle under concurrency", () => {
  it("skips an email whose hold link is being committed, and spares it once the link is in", async () => {
    const hold = await createHold(admin.token, "Case");
    const [email, other] = await insertDueEmails(2);
    const linker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await linker.connect();
    try {
      await linker.query("BEGIN");
      await linker.query("INSERT INTO email_legal_holds (email_id, legal_hold_id) VALUES ($1, $2)", [email, hold.id]);
      // The uncommitted link holds a KEY SHARE lock on the email row: the cycle must not delete it.
      expect(await runLifecycleCycle()).toMatchObject({ evaluated: 2, deleted: 1, protectedByHold: 0 });
      expect(await db().archivedEmail.findMany({ select: { id: true } })).toEqual([{ id: email }]);
      await linker.query("COMMIT");
    } finally {
      await linker.end();
    }
    expect(await runLifecycleCycle()).toMatchObject({ evaluated: 1, deleted: 0, protectedByHold: 1 });
    expect(await db().archivedEmail.count({ where: { id: { in: [email, other] } } })).toBe(1);
  });

  it("waits for a hold reactivation in flight, then spares its emails (lifecycle and manual deletion alike)", async () => {
    await api("PUT", "/v1/settings", { token: admin.token, body: { deletionEnabled: true } });
    const hold = await createHold(admin.token, "Case");
    const [byCycle, byHand] = await insertDueEmails(2);
    for (const id of [byCycle, byHand]) await applyHold(admin.token, id, hold.id);
    await api("PUT", `${HOLDS}/holds/${hold.id}`, { token: admin.token, body: { isActive: false } });
    const activator = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await activator.connect();
    try {
      await activator.query("BEGIN");
      await activator.query("UPDATE legal_holds SET is_active = true WHERE id = $1", [hold.id]);
      // Both deletions decided on the inactive hold before; they must now wait for the activation.
      // The manual deletion starts once the cycle waits (it then holds both emails' row locks), so
      // that it is the cycle, not a SKIP LOCKED, that spares both.
      const cycle = runLifecycleCycle();
      await expect.poll(sessionsWaitingForLocks, { timeout: 30_000 }).toBeGreaterThan(0);
      const manual = api("DELETE", `/v1/archived-emails/${byHand}`, { token: admin.token });
      await expect.poll(sessionsWaitingForLocks, { timeout: 30_000 }).toBeGreaterThan(1);
      await activator.query("COMMIT");
      expect(await cycle).toMatchObject({ deleted: 0, protectedByHold: 2 });
      expect((await manual).status).toBe(409);
    } finally {
      await activator.end();
    }
    expect(await db().archivedEmail.count({ where: { id: { in: [byCycle, byHand] } } })).toBe(2);
  });

  it("makes a hold application wait for a deletion in flight, which it then cannot link to", async () => {
    const hold = await createHold(admin.token, "Case");
    const [email] = await insertDueEmails(1);
    const deleter = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await deleter.connect();
    try {
      await deleter.query("BEGIN");
      await deleter.query("SELECT id FROM archived_emails WHERE id = $1 FOR UPDATE", [email]);
      const applying = api("POST", `${HOLDS}/email/${email}/holds`, { token: admin.token, body: { holdId: hold.id } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await deleter.query("DELETE FROM archived_emails WHERE id = $1", [email]);
      await deleter.query("COMMIT");
      const applied = await applying;
      expect(applied.status).not.toBe(200);
    } finally {
      await deleter.end();
    }
    expect(await db().emailLegalHold.count()).toBe(0);
  });

  it("never runs two cycles at once: a second caller is skipped while one holds the lock", async () => {
    const ids = await insertDueEmails(30);
    // Slow deletions keep the first cycle busy long enough to observe it.
    await db().$executeRawUnsafe(`
      CREATE FUNCTION slow_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.02); RETURN OLD; END $$`);
    await db().$executeRawUnsafe("CREATE TRIGGER slow_delete BEFORE DELETE ON archived_emails FOR EACH ROW EXECUTE FUNCTION slow_delete()");
    try {
      const first = runLifecycleCycle({ batchSize: 5 });
      while ((await db().lifecycleCycle.count()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const second = await runLifecycleCycle();
      expect(second).toMatchObject({ cycleId: null, skipped: true, deleted: 0 });
      expect(await first).toMatchObject({ evaluated: 30, deleted: 30 });
      expect(await db().lifecycleCycle.count()).toBe(1);
    } finally {
      await db().$executeRawUnsafe("DROP TRIGGER slow_delete ON archived_emails");
      await db().$executeRawUnsafe("DROP FUNCTION slow_delete()");
    }
    expect(await db().archivedEmail.count({ where: { id: { in: ids } } })).toBe(0);
    await expectOneAuditEntryPerDeletion(30);
  });

  it("two concurrent runLifecycleCycle calls delete each email once", async () => {
    await insertDueEmails(40);
    const results = await Promise.all([runLifecycleCycle({ batchSize: 3 }), runLifecycleCycle({ batchSize: 3 })]);
    expect(results.reduce((sum, result) => sum + result.deleted, 0)).toBe(40);
    expect(await db().archivedEmail.count()).toBe(0);
    await expectOneAuditEntryPerDeletion(40);
  });

  it("two `npm run worker -- --once` processes delete each email once and print their summaries", async () => {
    await insertDueEmails(40);
    // Analysed already: the process whose cycle is skipped goes on to review analytics, which locks
    // the emails of its batch, and the other's cycle skips locked emails (they go in the next cycle).
    await db().$executeRaw`DELETE FROM analysis_queue`;
    const runs = await Promise.all([runWorkerOnce(), runWorkerOnce()]);
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const summaries = runs.map((run) => JSON.parse(run.stdout.trim().split("\n").at(-1)!) as CycleSummary);
    for (const summary of summaries) {
      expect(Object.keys(summary)).toEqual(
        expect.arrayContaining(["cycleId", "evaluated", "deleted", "protectedByHold", "failed", "durationMs"]),
      );
    }
    expect(
      summaries.reduce((sum, summary) => sum + summary.deleted, 0),
      JSON.stringify(summaries),
    ).toBe(40);
    expect(await db().archivedEmail.count()).toBe(0);
    await expectOneAuditEntryPerDeletion(40);
  }, 120_000);

  // Spawned as one node process: the tsx CLI's signal relay SIGKILLs a child that does not
  // acknowledge a relayed signal within 30 ms, which a worker busy deleting may miss.
  it("the worker stops on SIGTERM after finishing the batches in hand, and exits 0", async () => {
    const sourceId = (await insertTestEmail({ sentAt: daysAgo(30) })).ingestionSourceId;
    await db().$executeRaw`
      INSERT INTO archived_emails (id, ingestion_source_id, user_email, message_id_header, sent_at, storage_path, storage_hash_sha256, size_bytes)
      SELECT gen_random_uuid(), ${sourceId}::uuid, 'alice@example.com', 'bulk-' || g, now() - interval '30 days', 'p', md5(g::text), 1
      FROM generate_series(1, 1199) AS g`;
    // Analysed already: the worker's review analytics locks the emails of its batch, and the cycle
    // skips locked emails (they go in the next cycle), which would cut batches short here.
    await db()
      .$executeRaw`DELETE FROM analysis_queue q USING archived_emails e WHERE e.id = q.email_id AND e.ingestion_source_id = ${sourceId}::uuid`;
    await db().$executeRawUnsafe(`
      CREATE FUNCTION slow_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.005); RETURN OLD; END $$`);
    await db().$executeRawUnsafe("CREATE TRIGGER slow_delete BEFORE DELETE ON archived_emails FOR EACH ROW EXECUTE FUNCTION slow_delete()");
    try {
      const worker = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
        env: { ...process.env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      worker.stderr.on("data", (chunk) => (stderr += chunk));
      const exited = new Promise<number | null>((resolve) => worker.on("close", resolve));
      // Once the cycle's row exists, its first batches of 200 are being deleted (slowly, up to three
      // at a time): stop mid-batch, with at least three of the six batches not started.
      const deadline = Date.now() + 60_000;
      while ((await db().lifecycleCycle.count()) === 0 && Date.now() < deadline) await pause(20);
      await pause(100);
      worker.kill("SIGTERM");
      expect(await exited, stderr).toBe(0);
      const [cycle] = await db().lifecycleCycle.findMany();
      expect(cycle.finishedAt).not.toBeNull();
      expect(cycle.deleted % 200).toBe(0);
      expect(cycle.deleted).toBeGreaterThan(0);
      expect(cycle.deleted).toBeLessThan(1200);
      expect(await db().archivedEmail.count()).toBe(1200 - cycle.deleted);
      expect(stderr).toContain("stopped");
    } finally {
      await db().$executeRawUnsafe("DROP TRIGGER slow_delete ON archived_emails");
      await db().$executeRawUnsafe("DROP FUNCTION slow_delete()");
    }
    await expectOneAuditEntryPerDeletion(
      await db()
        .lifecycleCycle.findFirstOrThrow()
        .then((cycle) => cycle.deleted),
    );
  }, 120_000);

  it("never loses a held or unexpired-labelled email while holds are applied, released, deactivated and reactivated and labels applied, changed and removed during cycles and API deletions (20 rounds)", async () => {
    await installHeldDeletionOracle();
    await api("PUT", "/v1/settings", { token: admin.token, body: { deletionEnabled: true } });
    const manuallyDeleted = new Set<string>();
    const keep = await createHold(admin.token, "Keep");
    const flicker = await createHold(admin.token, "Flicker");
    const toggle = await createHold(admin.token, "Toggle");
    const longLabel = await createLabel(admin.token, "Long", 36500);
    const shortLabel = await createLabel(admin.token, "Short", 1);
    let deletedTotal = 0;
    const ROUNDS = 20;
    const PER_ROUND = 14;
    for (let round = 0; round < ROUNDS; round++) {
      const ids = await insertDueEmails(PER_ROUND);
      const guarded = ids.slice(0, 4);
      const flickering = ids.slice(4, 7);
      const toggled = ids.slice(7, 9);
      const labelled = ids.slice(9, 12);
      for (const id of toggled) await applyHold(admin.token, id, toggle.id);
      const applyResults = new Map<string, number>();
      const cycles: CycleSummary[] = [];
      const expectStatus = (allowed: number[], response: { status: number; text: string }, what: string) =>
        expect(allowed, `round ${round}: ${what} → ${response.status} ${response.text}`).toContain(response.status);
      await Promise.all([
        (async () => {
          for (const id of guarded) {
            await pause(Math.random() * 15);
            applyResults.set(
              id,
              (await api("POST", `${HOLDS}/email/${id}/holds`, { token: admin.token, body: { holdId: keep.id } })).status,
            );
          }
        })(),
        (async () => {
          for (let flip = 0; flip < 3; flip++) {
            for (const id of flickering)
              await api("POST", `${HOLDS}/email/${id}/holds`, { token: admin.token, body: { holdId: flicker.id } });
            await pause(Math.random() * 10);
            await api("POST", `${HOLDS}/holds/${flicker.id}/release-all`, { token: admin.token });
          }
        })(),
        (async () => {
          // Deactivation exposes the toggled emails to the cycles; reactivation must protect them again at once.
          for (let flip = 0; flip < 2; flip++) {
            for (const isActive of [false, true]) {
              await pause(Math.random() * 10);
              expectStatus(
                [200],
                await api("PUT", `${HOLDS}/holds/${toggle.id}`, { token: admin.token, body: { isActive } }),
                `set Toggle active=${isActive}`,
              );
            }
          }
        })(),
        (async () => {
          // Long keeps an email (not due), Short makes it due, removal falls back to the policy (due).
          for (const id of labelled) {
            for (const step of [longLabel.id, shortLabel.id, Math.random() < 0.5 ? null : longLabel.id]) {
              await pause(Math.random() * 8);
              const response = step
                ? await api("POST", `${LABELS}/email/${id}/label`, { token: admin.token, body: { labelId: step } })
                : await api("DELETE", `${LABELS}/email/${id}/label`, { token: admin.token });
              expectStatus([200, 404], response, `label ${step ?? "removal"} on ${id}`);
            }
          }
        })(),
        (async () => {
          for (let cycle = 0; cycle < 3; cycle++) {
            cycles.push(await runLifecycleCycle({ batchSize: 3 }));
            await pause(Math.random() * 10);
          }
        })(),
        (async () => {
          for (const id of [...ids].sort(() => Math.random() - 0.5).slice(0, 5)) {
            await pause(Math.random() * 20);
            const response = await api("DELETE", `/v1/archived-emails/${id}`, { token: admin.token });
            expectStatus([204, 404, 409], response, `manual deletion of ${id}`);
            if (response.status === 204) manuallyDeleted.add(id);
          }
        })(),
      ]);
      deletedTotal += cycles.reduce((sum, cycle) => sum + cycle.deleted, 0);
      for (const id of guarded) {
        const survived = (await db().archivedEmail.count({ where: { id } })) === 1;
        // A hold that was applied (committed) keeps its email; one that lost the race found no email.
        expect(survived, `round ${round}: apply answered ${applyResults.get(id)}`).toBe(applyResults.get(id) === 200);
      }
      expect(await heldDeletions("hold"), `round ${round}`).toEqual([]);
      expect(
        (await heldDeletions("label")).filter((id) => !manuallyDeleted.has(id)),
        `round ${round}: the lifecycle deleted a labelled email before its time`,
      ).toEqual([]);
    }
    // Whatever is left unprotected goes in one more cycle; the held and long-labelled ones stay.
    await api("POST", `${HOLDS}/holds/${flicker.id}/release-all`, { token: admin.token });
    deletedTotal += (await runLifecycleCycle()).deleted;
    const remaining = await db().archivedEmail.findMany({
      select: { id: true, holds: { select: { legalHoldId: true } }, label: { select: { labelId: true } } },
    });
    for (const email of remaining) {
      const held = email.holds.some((link) => link.legalHoldId === keep.id || link.legalHoldId === toggle.id);
      expect(held || email.label?.labelId === longLabel.id, `${email.id} survived without protection`).toBe(true);
    }
    expect(remaining.length + deletedTotal + manuallyDeleted.size).toBe(ROUNDS * PER_ROUND);
    expect(await heldDeletions("hold")).toEqual([]);
    await expectOneAuditEntryPerDeletion(deletedTotal);
    // Manual deletions too: every email that is gone has exactly one DELETE entry, and the chain verifies.
    const deletions = await db().auditLog.findMany({
      where: { actionType: "DELETE", targetType: "ArchivedEmail" },
      select: { targetId: true },
    });
    expect(new Set(deletions.map((entry) => entry.targetId)).size).toBe(deletions.length);
    expect(deletions).toHaveLength(ROUNDS * PER_ROUND - remaining.length);
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
  }, 120_000);

  it("the oracle notices a deletion that ignores a hold", async () => {
    await installHeldDeletionOracle();
    const hold = await createHold(admin.token, "Case");
    const [email] = await insertDueEmails(1);
    await applyHold(admin.token, email, hold.id);
    // The database refuses this unless the transaction may lift holds (hold-release.ts): play one that may.
    await withHoldReleaseAllowed((tx) => tx.$executeRaw`DELETE FROM archived_emails WHERE id = ${email}::uuid`);
    expect(await heldDeletions()).toEqual([email]);
  });

  it("the oracle notices a deletion that ignores an unexpired label, and not one whose label has run out", async () => {
    await installHeldDeletionOracle();
    const longLabel = await createLabel(admin.token, "Long", 36500);
    const shortLabel = await createLabel(admin.token, "Short", 1);
    const [kept, expired] = await insertDueEmails(2);
    await applyLabel(admin.token, kept, longLabel.id);
    await applyLabel(admin.token, expired, shortLabel.id);
    await db().$executeRaw`DELETE FROM archived_emails WHERE id IN (${kept}::uuid, ${expired}::uuid)`;
    expect(await heldDeletions("label")).toEqual([kept]);
  });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const runWorkerOnce = () => runProcess("npm", ["run", "worker", "--", "--once"]);
