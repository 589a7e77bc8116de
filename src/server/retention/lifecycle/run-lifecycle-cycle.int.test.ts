import { describe, expect, it } from "vitest";
import { db } from "../../platform/db/client";
import { verifyAuditLog } from "../../audit/verify-audit-log";
import { api } from "@tests/helpers/rest-client";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { insertTestEmail } from "@tests/helpers/emails";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import {
  applyHold,
  applyLabel,
  createHold,
  createLabel,
  createPolicy,
  DAY_MS,
  daysAgo,
  forecast,
  setHoldActive,
} from "@tests/helpers/retention";
import { forecastDeletions } from "./forecast-deletions";
import { runLifecycleCycle } from "./run-lifecycle-cycle";
import { withEnv } from "@tests/helpers/with-env";

useEmptyDatabasePerTest();

const CYCLES = "/api/v1/enterprise/retention-policy/cycles";
const FORECAST = "/api/v1/enterprise/retention-policy/forecast";
const EXAMPLE_ONLY = { operator: "AND", rules: [{ field: "sender", op: "domain", value: "example.com" }] };

const exists = async (id: string) => (await db().archivedEmail.count({ where: { id } })) === 1;
const lifecycleDeletions = () =>
  db().auditLog.findMany({ where: { actorIdentifier: "system:lifecycle", actionType: "DELETE" }, orderBy: { id: "asc" } });

describe("runLifecycleCycle", () => {
  it("deletes what is due, spares held, labeled-longer, unmatched and not-yet-due emails, and records the cycle", async () => {
    const admin = await setupAdmin();
    const policy = await createPolicy(admin.token, { name: "Example mail", retentionPeriodDays: 365, conditions: EXAMPLE_ONLY });
    const short = await createLabel(admin.token, "Short", 30);
    const long = await createLabel(admin.token, "Long", 9000);
    const hold = await createHold(admin.token, "Case");
    const lapsed = await createHold(admin.token, "Lapsed case");
    const old = { senderEmail: "alice@example.com", sentAt: daysAgo(400) };
    const byPolicy = await insertTestEmail(old);
    const withAttachments = await insertTestEmail({ ...old, attachments: [{ filename: "a.pdf", mimeType: "application/pdf" }] });
    const unmatched = await insertTestEmail({ senderEmail: "alice@other.org", sentAt: daysAgo(400) });
    const tooYoung = await insertTestEmail({ senderEmail: "alice@example.com", sentAt: daysAgo(100) });
    const byLabel = await insertTestEmail({ senderEmail: "alice@other.org", sentAt: daysAgo(40) });
    await applyLabel(admin.token, byLabel.id, short.id);
    const held = await insertTestEmail(old);
    await applyHold(admin.token, held.id, hold.id);
    const inactiveHold = await insertTestEmail(old);
    await applyHold(admin.token, inactiveHold.id, lapsed.id);
    await setHoldActive(admin.token, lapsed.id, false);
    const labeledLonger = await insertTestEmail({ senderEmail: "alice@example.com", sentAt: daysAgo(4000) });
    await applyLabel(admin.token, labeledLonger.id, long.id);
    const auditBefore = await db().auditLog.count();

    const summary = await runLifecycleCycle();
    expect(summary).toEqual({
      cycleId: expect.any(String),
      evaluated: 5,
      deleted: 4,
      protectedByHold: 1,
      awaitingReview: 0,
      failed: 0,
      durationMs: expect.any(Number),
    });
    for (const gone of [byPolicy, withAttachments, byLabel, inactiveHold]) expect(await exists(gone.id)).toBe(false);
    for (const kept of [unmatched, tooYoung, held, labeledLonger]) expect(await exists(kept.id)).toBe(true);
    expect(await db().attachment.count({ where: { emailId: withAttachments.id } })).toBe(0);
    expect(await db().emailLegalHold.count({ where: { emailId: inactiveHold.id } })).toBe(0);
    expect(await db().emailRetentionLabel.count({ where: { emailId: byLabel.id } })).toBe(0);

    const entries = await lifecycleDeletions();
    expect(await db().auditLog.count()).toBe(auditBefore + 4);
    expect(entries.map((entry) => entry.targetId).sort()).toEqual([byPolicy.id, withAttachments.id, byLabel.id, inactiveHold.id].sort());
    const byTarget = new Map(entries.map((entry) => [entry.targetId, entry]));
    expect(byTarget.get(byPolicy.id)).toMatchObject({
      actionType: "DELETE",
      targetType: "ArchivedEmail",
      details: {
        reason: "RetentionExpired",
        decidingRule: { type: "policy", id: policy.id, name: "Example mail", retentionPeriodDays: 365 },
        storageHashSha256: byPolicy.storageHashSha256,
        cycleId: summary.cycleId,
      },
    });
    expect(byTarget.get(byLabel.id)?.details).toMatchObject({
      decidingRule: { type: "label", id: short.id, name: "Short", retentionPeriodDays: 30 },
    });

    const recorded = await db().lifecycleCycle.findUniqueOrThrow({ where: { id: summary.cycleId! } });
    expect(recorded).toMatchObject({
      evaluated: 5,
      deleted: 4,
      protectedByHold: 1,
      failed: 0,
      durationMs: summary.durationMs,
      failures: [],
    });
    expect(recorded.finishedAt).not.toBeNull();

    const again = await runLifecycleCycle();
    expect(again).toMatchObject({ evaluated: 1, deleted: 0, protectedByHold: 1 });
    const listed = await api("GET", CYCLES, { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((cycle: { id: string }) => cycle.id)).toEqual([again.cycleId, summary.cycleId]);
    expect(listed.body[1]).toEqual({
      id: summary.cycleId,
      startedAt: recorded.startedAt.toISOString(),
      finishedAt: recorded.finishedAt!.toISOString(),
      evaluated: 5,
      deleted: 4,
      protectedByHold: 1,
      awaitingReview: 0,
      failed: 0,
      durationMs: summary.durationMs,
      failures: [],
    });
    expect((await api("GET", `${CYCLES}?limit=1`, { token: admin.token })).body.map((cycle: { id: string }) => cycle.id)).toEqual([
      again.cycleId,
    ]);
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
  });

  it("deletes in keyset batches to the end, past held emails, for labels and policies alike", async () => {
    const admin = await setupAdmin();
    await createPolicy(admin.token, { name: "Everything", retentionPeriodDays: 10 });
    const label = await createLabel(admin.token, "Label", 5);
    const hold = await createHold(admin.token, "Case");
    const emails = [];
    for (let index = 0; index < 9; index++) emails.push(await insertTestEmail({ sentAt: daysAgo(20 + (index % 3)) }));
    for (const email of emails.slice(0, 4)) await applyLabel(admin.token, email.id, label.id);
    const held = [emails[1], emails[4], emails[7]];
    for (const email of held) await applyHold(admin.token, email.id, hold.id);
    const summary = await runLifecycleCycle({ batchSize: 2 });
    expect(summary).toMatchObject({ evaluated: 9, deleted: 6, protectedByHold: 3, failed: 0 });
    expect(await db().archivedEmail.findMany({ select: { id: true }, orderBy: { id: "asc" } })).toEqual(
      held.map((email) => ({ id: email.id })).sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it("walks on past whole chunks with nothing due, for labels and policies alike", async () => {
    const admin = await setupAdmin();
    await createPolicy(admin.token, { name: "Example mail", retentionPeriodDays: 10, conditions: EXAMPLE_ONLY });
    const label = await createLabel(admin.token, "Label", 5);
    // Policy candidates in (sent_at, id) order: only every third matches the policy.
    const byPolicy = [];
    for (let index = 0; index < 9; index++) {
      const matches = index % 3 === 2;
      const email = await insertTestEmail({ senderEmail: matches ? "a@example.com" : "a@other.org", sentAt: daysAgo(40 - index) });
      if (matches) byPolicy.push(email);
    }
    // Label rows in email_id order: the first five are too young, the last two are due.
    const labeled = [];
    for (let index = 0; index < 7; index++) {
      const id = `00000000-0000-4000-8000-${String(index + 1).padStart(12, "0")}`;
      labeled.push(await insertTestEmail({ id, senderEmail: "a@other.org", sentAt: daysAgo(index < 5 ? 1 : 6) }));
      await applyLabel(admin.token, id, label.id);
    }
    const summary = await runLifecycleCycle({ batchSize: 2 });
    expect(summary).toMatchObject({ evaluated: 5, deleted: 5, protectedByHold: 0, failed: 0 });
    for (const gone of [...byPolicy, ...labeled.slice(5)]) expect(await exists(gone.id)).toBe(false);
    expect(await db().archivedEmail.count()).toBe(9 - 3 + 5);
  });

  it("stops between batches when its signal is aborted", async () => {
    const admin = await setupAdmin();
    await createPolicy(admin.token, { name: "Everything", retentionPeriodDays: 1 });
    for (let index = 0; index < 5; index++) await insertTestEmail({ sentAt: daysAgo(30) });
    const stop = new AbortController();
    stop.abort();
    const summary = await runLifecycleCycle({ batchSize: 2, signal: stop.signal });
    expect(summary).toMatchObject({ evaluated: 2, deleted: 2, stopped: true });
    expect(await db().archivedEmail.count()).toBe(3);
  });

  it("records a failing email and goes on with the others", async () => {
    const admin = await setupAdmin();
    await createPolicy(admin.token, { name: "Everything", retentionPeriodDays: 1 });
    const emails = [];
    for (let index = 0; index < 5; index++) {
      emails.push(await insertTestEmail({ sentAt: daysAgo(30), subject: index === 2 ? "undeletable" : "ordinary" }));
    }
    await db().$executeRawUnsafe(`
      CREATE FUNCTION refuse_undeletable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.subject = 'undeletable' THEN RAISE EXCEPTION 'storage is on fire'; END IF;
        RETURN OLD;
      END $$`);
    await db().$executeRawUnsafe(
      "CREATE TRIGGER refuse_undeletable BEFORE DELETE ON archived_emails FOR EACH ROW EXECUTE FUNCTION refuse_undeletable()",
    );
    try {
      const summary = await runLifecycleCycle({ batchSize: 10 });
      expect(summary).toMatchObject({ evaluated: 5, deleted: 4, protectedByHold: 0, failed: 1 });
      expect(await db().archivedEmail.findMany({ select: { id: true } })).toEqual([{ id: emails[2].id }]);
      const recorded = await db().lifecycleCycle.findUniqueOrThrow({ where: { id: summary.cycleId! } });
      expect(recorded.failures).toEqual([{ emailId: emails[2].id, error: expect.stringContaining("storage is on fire") }]);
      expect(await lifecycleDeletions()).toHaveLength(4);
      expect(await verifyAuditLog()).toMatchObject({ ok: true });
    } finally {
      await db().$executeRawUnsafe("DROP TRIGGER refuse_undeletable ON archived_emails");
      await db().$executeRawUnsafe("DROP FUNCTION refuse_undeletable()");
    }
  });

  it("deletes nothing by label or policy while RETENTION_POLICY is not licensed", async () => {
    const admin = await setupAdmin();
    await createPolicy(admin.token, { name: "Everything", retentionPeriodDays: 1 });
    const label = await createLabel(admin.token, "Label", 1);
    const labeled = await insertTestEmail({ sentAt: daysAgo(30) });
    await applyLabel(admin.token, labeled.id, label.id);
    await insertTestEmail({ sentAt: daysAgo(30) });
    await withEnv({ LICENSE_FEATURES: "LEGAL_HOLDS" }, async () => {
      expect(await runLifecycleCycle()).toMatchObject({ cycleId: expect.any(String), evaluated: 0, deleted: 0 });
      expect(await db().archivedEmail.count()).toBe(2);
    });
    expect(await runLifecycleCycle()).toMatchObject({ evaluated: 2, deleted: 2 });
  });

  it("evaluates against the given instant and keeps everything when there are no rules", async () => {
    await insertTestEmail({ sentAt: daysAgo(10_000) });
    expect(await runLifecycleCycle()).toMatchObject({ evaluated: 0, deleted: 0, failed: 0 });
    const admin = await setupAdmin();
    await createPolicy(admin.token, { name: "Year", retentionPeriodDays: 365 });
    const young = await insertTestEmail({ sentAt: daysAgo(300) });
    expect(await runLifecycleCycle()).toMatchObject({ deleted: 1 });
    expect(await runLifecycleCycle({ now: new Date(Date.now() + 64 * DAY_MS) })).toMatchObject({ deleted: 0 });
    expect(await runLifecycleCycle({ now: new Date(Date.now() + 66 * DAY_MS) })).toMatchObject({ deleted: 1 });
    expect(await exists(young.id)).toBe(false);
  });
});

describe("forecast", () => {
  it("counts what the cycle will delete, by rule and by day, without held emails", async () => {
    const admin = await setupAdmin();
    const policy = await createPolicy(admin.token, { name: "Example mail", retentionPeriodDays: 100, conditions: EXAMPLE_ONLY });
    const label = await createLabel(admin.token, "Label", 50);
    const hold = await createHold(admin.token, "Case");
    const now = new Date();
    // Due now: 3 by policy (one more held), 2 by label; due within 10 days: 2 by policy, 1 by label; later: 1 each.
    const policyAges = [150, 130, 101, 95.5, 92.5, 50];
    for (const age of policyAges) await insertTestEmail({ senderEmail: "a@example.com", sentAt: daysAgo(age, now) });
    const heldEmail = await insertTestEmail({ senderEmail: "a@example.com", sentAt: daysAgo(200, now) });
    await applyHold(admin.token, heldEmail.id, hold.id);
    for (const age of [60, 51, 45.5, 20]) {
      const email = await insertTestEmail({ senderEmail: "a@other.org", sentAt: daysAgo(age, now) });
      await applyLabel(admin.token, email.id, label.id);
    }
    await insertTestEmail({ senderEmail: "a@other.org", sentAt: daysAgo(5000, now) });

    const today = await forecast(admin.token, 0);
    expect(today).toMatchObject({ days: 0, total: 5, dueNow: 5 });
    expect(today.byRule).toEqual([
      { type: "policy", id: policy.id, name: "Example mail", retentionPeriodDays: 100, count: 3 },
      { type: "label", id: label.id, name: "Label", retentionPeriodDays: 50, count: 2 },
    ]);
    expect(today.byDay).toEqual([{ date: new Date(today.generatedAt).toISOString().slice(0, 10), count: 5 }]);

    const tenDays = await forecastDeletions({ days: 10, now });
    expect(tenDays).toMatchObject({ total: 8, dueNow: 5 });
    expect(tenDays.byDay.reduce((sum, day) => sum + day.count, 0)).toBe(8);
    expect(tenDays.byDay.map((day) => day.date)).toEqual(
      [0, 4.5, 7.5]
        .map((offset) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10))
        .filter((d, i, all) => all.indexOf(d) === i),
    );
    expect(tenDays.byWeek.reduce((sum, week) => sum + week.count, 0)).toBe(8);
    expect(new Date(`${tenDays.byWeek[0].weekStart}T00:00:00Z`).getUTCDay()).toBe(1);

    // The forecast agrees with the cycles that follow.
    expect((await runLifecycleCycle()).deleted).toBe(today.total);
    expect((await runLifecycleCycle({ now: new Date(now.getTime() + 10 * DAY_MS) })).deleted).toBe(tenDays.total - today.total);
    expect((await forecast(admin.token, 0)).total).toBe(0);
    expect((await api("GET", FORECAST, { token: admin.token })).body).toMatchObject({ days: 90, total: 2 });
  });

  it("answers 422 for a bad days value, 401 and 403 without access", async () => {
    const admin = await setupAdmin();
    for (const days of ["-1", "3651", "abc", "1.5"]) {
      const response = await api("GET", `${FORECAST}?days=${days}`, { token: admin.token });
      expect(response.status, days).toBe(422);
      expect(response.body.errors).toEqual([{ field: "days", message: expect.any(String) }]);
    }
    expect((await api("GET", `${FORECAST}?days=3650`, { token: admin.token })).status).toBe(200);
    const reader = await createUserWithRole(admin.token, "predefined_read_only");
    for (const path of [FORECAST, CYCLES]) {
      expect((await api("GET", path)).status).toBe(401);
      expect((await api("GET", path, { token: reader.token })).status).toBe(403);
      await withEnv({ LICENSE_FEATURES: "" }, async () => {
        expect((await api("GET", path, { token: admin.token })).status).toBe(403);
      });
    }
    for (const limit of ["0", "501", "x"]) expect((await api("GET", `${CYCLES}?limit=${limit}`, { token: admin.token })).status).toBe(422);
    expect((await api("POST", CYCLES, { token: admin.token })).status).toBe(405);
  });
});
