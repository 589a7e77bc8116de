import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../../platform/db/client";
import { deleteDueEmails } from "../lifecycle/delete-due-emails";
import { runLifecycleCycle } from "../lifecycle/run-lifecycle-cycle";
import { verifyEd25519 } from "../../platform/signing/installation-signing-key";
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
  retentionStatus,
  setHoldActive,
} from "@tests/helpers/retention";
import { withEnv } from "@tests/helpers/with-env";

useEmptyDatabasePerTest();

const BASE = "/api/v1/enterprise/retention-policy";
const DISPOSITIONS = `${BASE}/dispositions`;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

async function reviewLabel(token: string, name: string, days: number, extra: Record<string, unknown> = {}) {
  const response = await api("POST", `${BASE}/labels`, {
    token,
    body: { name, retentionPeriodDays: days, dispositionAction: "review", ...extra },
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function pending(token: string, query = "status=pending") {
  const response = await api("GET", `${DISPOSITIONS}?${query}`, { token });
  expect(response.status, response.text).toBe(200);
  return response.body as { items: { id: string; emailId: string; status: string; dueAt: string; rule: { id: string } }[]; total: number };
}

async function decide(token: string, body: Record<string, unknown>, status = 200) {
  const response = await api("POST", `${DISPOSITIONS}/decide`, { token, body });
  expect(response.status, response.text).toBe(status);
  return response.body;
}

const exists = async (id: string) => (await db().archivedEmail.count({ where: { id } })) === 1;

describe("disposition review in the lifecycle", () => {
  it("never deletes under a review rule without approval, however many cycles run, and records each review once", async () => {
    const admin = await setupAdmin();
    const label = await reviewLabel(admin.token, "Contracts", 10);
    expect(label).toMatchObject({ dispositionAction: "review", reviewerIds: [], reviewerRoleId: null });
    const policy = await createPolicy(admin.token, { name: "Everything", retentionPeriodDays: 30, dispositionAction: "review" });
    expect(policy.dispositionAction).toBe("review");
    const byPolicy = await insertTestEmail({ sentAt: daysAgo(40) });
    const byLabel = await insertTestEmail({ sentAt: daysAgo(20) });
    await applyLabel(admin.token, byLabel.id, label.id);
    const notYet = await insertTestEmail({ sentAt: daysAgo(5) });

    for (let cycle = 0; cycle < 6; cycle++) {
      const summary = await runLifecycleCycle();
      expect(summary).toMatchObject({ deleted: 0, awaitingReview: 2, failed: 0 });
    }
    expect(await exists(byPolicy.id)).toBe(true);
    expect(await exists(byLabel.id)).toBe(true);
    const rows = await db().emailDisposition.findMany({ orderBy: { emailId: "asc" } });
    expect(rows.map((row) => row.emailId).sort()).toEqual([byLabel.id, byPolicy.id].sort());
    expect(rows.every((row) => row.status === "pending")).toBe(true);
    expect(await db().auditLog.count({ where: { actionType: "QUEUE_DISPOSITION" } })).toBe(2);

    const queue = await pending(admin.token);
    expect(queue.total).toBe(2);
    const labelled = queue.items.find((item) => item.emailId === byLabel.id)!;
    expect(labelled).toMatchObject({
      rule: { type: "label", id: label.id, name: "Contracts" },
      status: "pending",
      email: { subject: "Test email" },
    });
    expect(labelled.dueAt).toBe(new Date(byLabel.sentAt.getTime() + 10 * DAY_MS).toISOString());

    const status = await retentionStatus(admin.token, byLabel.id);
    expect(status.disposition).toMatchObject({
      action: "review",
      reviewers: ["manage:dispositions"],
      deletesWhenDue: false,
      open: { status: "pending" },
    });
    const upcoming = await retentionStatus(admin.token, notYet.id);
    expect(upcoming.disposition).toMatchObject({ action: "review", open: null, deletesWhenDue: false });

    const forecastNow = (await api("GET", `${BASE}/forecast?days=30`, { token: admin.token })).body;
    expect(forecastNow.total).toBe(0);
    expect(forecastNow.reviews).toMatchObject({ awaitingDecision: 2, upcoming: 1 });
  });

  it("approve: the next cycle deletes, audits the approval, and the certificate lists it with every other destruction, signed", async () => {
    const admin = await setupAdmin();
    const label = await reviewLabel(admin.token, "Invoices", 10);
    const email = await insertTestEmail({ sentAt: daysAgo(20) });
    const other = await insertTestEmail({ sentAt: daysAgo(20) });
    await applyLabel(admin.token, email.id, label.id);
    await applyLabel(admin.token, other.id, label.id);
    // Destroyed without review, in the same period: under a delete rule, and by hand.
    const routine = await createLabel(admin.token, "Newsletters", 5);
    const newsletter = await insertTestEmail({ sentAt: daysAgo(20) });
    await applyLabel(admin.token, newsletter.id, routine.id);
    const byHand = await insertTestEmail({ sentAt: daysAgo(1) });
    const before = new Date();
    await runLifecycleCycle();
    const queue = await pending(admin.token);
    const mine = queue.items.find((item) => item.emailId === email.id)!;

    const result = await decide(admin.token, {
      ids: [mine.id, randomUUID()],
      decision: "approve",
      comment: "Past retention, no litigation",
    });
    expect(result.decided).toEqual([mine.id]);
    expect(result.notDecided).toHaveLength(1);
    // Deciding again is a no-op: only pending dispositions are decided.
    expect((await decide(admin.token, { ids: [mine.id], decision: "extend", days: 5, comment: "again" })).decided).toEqual([]);
    const decision = await db().auditLog.findFirstOrThrow({ where: { actionType: "DECIDE_DISPOSITION" } });
    expect(decision.details).toMatchObject({
      dispositionId: mine.id,
      decision: "approve",
      comment: "Past retention, no litigation",
      reviewer: "admin@example.com",
      rule: { type: "label", id: label.id, name: "Invoices" },
    });

    expect(await runLifecycleCycle()).toMatchObject({ deleted: 1, awaitingReview: 1 });
    expect(await exists(email.id)).toBe(false);
    expect(await exists(newsletter.id)).toBe(false);
    expect((await api("PUT", "/v1/settings", { token: admin.token, body: { deletionEnabled: true } })).status).toBe(200);
    expect((await api("DELETE", `/v1/archived-emails/${byHand.id}`, { token: admin.token })).status).toBe(204);
    expect(await exists(other.id)).toBe(true);
    const deletion = await db().auditLog.findFirstOrThrow({ where: { actionType: "DELETE", targetId: email.id } });
    expect(deletion.details).toMatchObject({ approval: { dispositionId: mine.id, approvedBy: "admin@example.com" } });
    expect((await pending(admin.token, "status=approved")).items[0]).toMatchObject({ id: mine.id, email: null });

    const certificate = await api("GET", `${DISPOSITIONS}/certificate?from=${before.toISOString()}&to=${new Date().toISOString()}`, {
      token: admin.token,
    });
    expect(certificate.status, certificate.text).toBe(200);
    expect(certificate.body.count).toBe(3);
    const lines: string[] = certificate.body.csv.trim().split("\r\n");
    expect(lines[0]).toBe(
      "destroyedAt,emailId,storageHashSha256,ruleType,ruleId,ruleName,dueAt,approvedBy,approvedAt,comment,dispositionId,cycleId,reason,deletedBy,auditEntryId",
    );
    const lineOf = (id: string) => lines.find((line) => line.includes(id))!;
    expect(lineOf(email.id)).toContain(`${email.id},${email.storageHashSha256},label,${label.id},Invoices`);
    expect(lineOf(email.id)).toContain(`admin@example.com`);
    expect(lineOf(email.id)).toContain(`${mine.id},`);
    // A delete rule's deletion: its rule, no approver.
    expect(lineOf(newsletter.id)).toContain(`${newsletter.id},${newsletter.storageHashSha256},label,${routine.id},Newsletters,,,,,,`);
    expect(lineOf(newsletter.id)).toContain(",RetentionExpired,system:lifecycle,");
    // A manual deletion: who made it.
    expect(lineOf(byHand.id)).toContain(`${byHand.id},${byHand.storageHashSha256},manual,`);
    expect(lineOf(byHand.id)).toContain(",Manual,admin@example.com,");
    const bytes = Buffer.from(certificate.body.csv, "utf8");
    expect(verifyEd25519(bytes, certificate.body.signature, certificate.body.publicKey)).toBe(true);
    expect(
      verifyEd25519(
        Buffer.from(certificate.body.csv.replace("Invoices", "Invoicez")),
        certificate.body.signature,
        certificate.body.publicKey,
      ),
    ).toBe(false);
    const earlier = await api("GET", `${DISPOSITIONS}/certificate?from=2020-01-01&to=2020-12-31`, { token: admin.token });
    expect(earlier.body.count).toBe(0);
  });

  it("extend: no longer pending, kept until the extension ends, then reviewed again", async () => {
    const admin = await setupAdmin();
    const label = await reviewLabel(admin.token, "HR", 10);
    const email = await insertTestEmail({ sentAt: daysAgo(20) });
    await applyLabel(admin.token, email.id, label.id);
    await runLifecycleCycle();
    const [item] = (await pending(admin.token)).items;
    await decide(admin.token, { ids: [item.id], decision: "extend", days: 30, comment: "Audit next month" });
    expect((await pending(admin.token)).total).toBe(0);
    const status = await retentionStatus(admin.token, email.id);
    expect(new Date(status.eligibleAt).getTime()).toBeGreaterThan(inDays(29).getTime());
    expect(status.disposition.extendedUntil).toBe(status.eligibleAt);

    expect(await runLifecycleCycle({ now: inDays(29) })).toMatchObject({ deleted: 0, awaitingReview: 0 });
    expect(await runLifecycleCycle({ now: inDays(31) })).toMatchObject({ deleted: 0, awaitingReview: 1 });
    const again = await pending(admin.token);
    expect(again.items).toHaveLength(1);
    expect(again.items[0].id).not.toBe(item.id);
    expect((await pending(admin.token, "status=extended")).items[0]).toMatchObject({ id: item.id, comment: "Audit next month" });
  });

  it("relabel: the new label replaces the old and governs (a shorter delete label deletes, a longer one keeps)", async () => {
    const admin = await setupAdmin();
    const review = await reviewLabel(admin.token, "Review", 10);
    const quick = await createLabel(admin.token, "Quick", 1);
    const keep = await createLabel(admin.token, "Keep", 3650);
    const first = await insertTestEmail({ sentAt: daysAgo(20) });
    const second = await insertTestEmail({ sentAt: daysAgo(20) });
    for (const email of [first, second]) await applyLabel(admin.token, email.id, review.id);
    await runLifecycleCycle();
    const items = (await pending(admin.token)).items;
    const of = (id: string) => items.find((item) => item.emailId === id)!.id;
    await decide(admin.token, { ids: [of(first.id)], decision: "relabel", labelId: quick.id, comment: "Routine" });
    await decide(admin.token, { ids: [of(second.id)], decision: "relabel", labelId: keep.id, comment: "Keep it" });
    expect((await db().emailRetentionLabel.findUniqueOrThrow({ where: { emailId: second.id } })).labelId).toBe(keep.id);
    expect(await runLifecycleCycle()).toMatchObject({ deleted: 1, awaitingReview: 0 });
    expect(await exists(first.id)).toBe(false);
    expect(await exists(second.id)).toBe(true);
  });

  it("a hold applied after approval still wins; the approval takes effect once the hold ends", async () => {
    const admin = await setupAdmin();
    await createPolicy(admin.token, { name: "Everything", retentionPeriodDays: 30, dispositionAction: "review" });
    const email = await insertTestEmail({ sentAt: daysAgo(40) });
    await runLifecycleCycle();
    const [item] = (await pending(admin.token)).items;
    await decide(admin.token, { ids: [item.id], decision: "approve", comment: "ok" });
    const hold = await createHold(admin.token, "Late case");
    await applyHold(admin.token, email.id, hold.id);
    for (let cycle = 0; cycle < 3; cycle++) expect(await runLifecycleCycle()).toMatchObject({ deleted: 0, protectedByHold: 1 });
    expect((await retentionStatus(admin.token, email.id)).disposition).toMatchObject({
      open: { status: "approved" },
      deletesWhenDue: true,
    });
    await setHoldActive(admin.token, hold.id, false);
    expect(await runLifecycleCycle()).toMatchObject({ deleted: 1 });
    expect(await exists(email.id)).toBe(false);
  });

  it("two workers deciding the same emails at once record one pending disposition per email", async () => {
    const admin = await setupAdmin();
    const label = await reviewLabel(admin.token, "Concurrent", 10);
    const emails: string[] = [];
    for (let index = 0; index < 12; index++) {
      const email = await insertTestEmail({ sentAt: daysAgo(20) });
      await applyLabel(admin.token, email.id, label.id);
      emails.push(email.id);
    }
    const now = new Date();
    // deleteDueEmails directly (cycles themselves are serialized by the advisory lock), many at once,
    // overlapping ranges so that some run after others committed and some race them.
    const calls = Array.from({ length: 8 }, (_, index) =>
      deleteDueEmails({ ids: index % 2 === 0 ? emails : [...emails].reverse(), now, cycleId: randomUUID() }),
    );
    await Promise.all([...calls, runLifecycleCycle({ now }), runLifecycleCycle({ now })]);
    const rows = await db().emailDisposition.groupBy({ by: ["emailId"], _count: true });
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => row._count === 1)).toBe(true);
    // And the database refuses a second open disposition outright.
    await expect(
      db().$executeRaw`INSERT INTO email_dispositions (id, email_id, open_email_id, rule_type, rule_id, rule_name, due_at)
        VALUES (gen_random_uuid(), ${emails[0]}::uuid, ${emails[0]}::uuid, 'label', ${label.id}::uuid, 'x', now())`,
    ).rejects.toThrow();
  });
});

describe("who reviews", () => {
  it("shows and lets decide only the reviewers of a rule: named users, the named role, else manage:all", async () => {
    const admin = await setupAdmin();
    const reviewer = await createUserWithRole(admin.token, "predefined_read_only");
    const bystander = await createUserWithRole(admin.token, "predefined_read_only");
    const roleHolder = await createUserWithRole(admin.token, [{ action: "read", subject: "archive" }]);
    const named = await reviewLabel(admin.token, "Named", 10, { reviewerIds: [reviewer.user.id] });
    const byRole = await reviewLabel(admin.token, "By role", 10, { reviewerRoleId: roleHolder.user.role!.id });
    const unassigned = await reviewLabel(admin.token, "Unassigned", 10);
    const emails: Record<string, string> = {};
    for (const label of [named, byRole, unassigned]) {
      const email = await insertTestEmail({ sentAt: daysAgo(20) });
      await applyLabel(admin.token, email.id, label.id);
      emails[label.name] = email.id;
    }
    await runLifecycleCycle();
    const names = async (token: string) => (await pending(token)).items.map((item) => item.emailId);
    expect(await names(reviewer.token)).toEqual([emails.Named]);
    expect(await names(roleHolder.token)).toEqual([emails["By role"]]);
    expect(await names(admin.token)).toEqual([emails.Unassigned]);
    expect(await names(bystander.token)).toEqual([]);

    const all = await db().emailDisposition.findMany();
    const ids = all.map((row) => row.id);
    const result = await decide(bystander.token, { ids, decision: "approve", comment: "not mine" });
    expect(result.decided).toEqual([]);
    const byReviewer = await decide(reviewer.token, { ids, decision: "approve", comment: "mine" });
    expect(byReviewer.decided).toEqual([all.find((row) => row.emailId === emails.Named)!.id]);
    const status = await retentionStatus(admin.token, emails["By role"]);
    const role = await db().role.findUniqueOrThrow({ where: { id: roleHolder.user.role!.id } });
    expect(status.disposition.reviewers).toEqual([role.name]);
  });

  it("decides the pending dispositions a search query matches, and only those", async () => {
    const admin = await setupAdmin();
    await createPolicy(admin.token, { name: "Everything", retentionPeriodDays: 30, dispositionAction: "review" });
    const match = await insertTestEmail({ sentAt: daysAgo(40), subject: "Quarterly zebra report" });
    const miss = await insertTestEmail({ sentAt: daysAgo(40), subject: "Lunch" });
    const notDue = await insertTestEmail({ sentAt: daysAgo(1), subject: "Zebra again" });
    await runLifecycleCycle();
    const result = await decide(admin.token, { searchQuery: { query: "zebra" }, decision: "approve", comment: "zebras go" });
    expect(result.decided).toHaveLength(1);
    await runLifecycleCycle();
    expect(await exists(match.id)).toBe(false);
    expect(await exists(miss.id)).toBe(true);
    expect(await exists(notDue.id)).toBe(true);
  });
});

describe("errors", () => {
  it("answers 401, 403 without the feature, 422 for bad input, 404/409 for the relabel target", async () => {
    const admin = await setupAdmin();
    const reader = await createUserWithRole(admin.token, "predefined_read_only");
    expect((await api("GET", DISPOSITIONS)).status).toBe(401);
    expect((await api("POST", `${DISPOSITIONS}/decide`, { body: {} })).status).toBe(401);
    expect((await api("GET", `${DISPOSITIONS}/certificate?from=2020-01-01&to=2020-01-02`)).status).toBe(401);
    expect((await api("DELETE", DISPOSITIONS, { token: admin.token })).status).toBe(405);

    const ok = { ids: [randomUUID()], decision: "approve", comment: "c" };
    const invalid = async (body: unknown, field: string) => {
      const response = await api("POST", `${DISPOSITIONS}/decide`, { token: admin.token, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
    };
    await invalid({ decision: "approve", comment: "c" }, "ids");
    await invalid({ ...ok, searchQuery: { query: "x" } }, "ids");
    await invalid({ ...ok, decision: "destroy" }, "decision");
    await invalid({ ...ok, decision: "extend" }, "days");
    await invalid({ ...ok, decision: "extend", days: 0 }, "days");
    await invalid({ ...ok, decision: "relabel" }, "labelId");
    await invalid({ ...ok, comment: " " }, "comment");
    await invalid({ ...ok, ids: ["nope"] }, "ids.0");
    for (const query of ["status=done", "rule=x", "page=0", "limit=501"]) {
      expect((await api("GET", `${DISPOSITIONS}?${query}`, { token: admin.token })).status, query).toBe(422);
    }
    for (const query of ["", "from=2020-01-01", "from=yesterday&to=2020-01-01", "from=2020-02-01&to=2020-01-01"]) {
      expect((await api("GET", `${DISPOSITIONS}/certificate?${query}`, { token: admin.token })).status, query).toBe(422);
    }
    expect((await api("GET", `${DISPOSITIONS}/certificate?from=2020-01-01&to=2020-01-02`, { token: reader.token })).status).toBe(403);

    await decide(admin.token, { ...ok, decision: "relabel", labelId: randomUUID() }, 404);
    const retired = await createLabel(admin.token, "Retired", 5);
    await api("PUT", `${BASE}/labels/${retired.id}`, { token: admin.token, body: { isDisabled: true } });
    await decide(admin.token, { ...ok, decision: "relabel", labelId: retired.id }, 409);

    const badReviewer = await api("POST", `${BASE}/labels`, {
      token: admin.token,
      body: { name: "Bad", retentionPeriodDays: 5, dispositionAction: "review", reviewerIds: [randomUUID()] },
    });
    expect(badReviewer.status).toBe(422);
    expect(badReviewer.body.errors[0].field).toBe("reviewerIds.0");
    const badAction = await api("POST", `${BASE}/policies`, {
      token: admin.token,
      body: { name: "Bad", retentionPeriodDays: 5, dispositionAction: "shred" },
    });
    expect(badAction.status).toBe(422);

    await withEnv({ LICENSE_FEATURES: "LEGAL_HOLDS" }, async () => {
      expect((await api("GET", DISPOSITIONS, { token: admin.token })).status).toBe(403);
      expect((await api("POST", `${DISPOSITIONS}/decide`, { token: admin.token, body: ok })).status).toBe(403);
    });
  });
});
