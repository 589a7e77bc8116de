import { describe, expect, it } from "vitest";
import { db } from "../../platform/db/client";
import { randomUUID } from "node:crypto";
import { deleteDueEmails } from "./delete-due-emails";
import { runLifecycleCycle } from "./run-lifecycle-cycle";
import { api } from "@tests/helpers/rest-client";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import {
  applyHold,
  applyLabel,
  createHold,
  createLabel,
  createPolicy,
  DAY_MS,
  daysAgo,
  disableLabel,
  retentionStatus,
  setHoldActive,
} from "@tests/helpers/retention";
import { withEnv } from "@tests/helpers/with-env";

useEmptyDatabasePerTest();

const STATUS = (emailId: string) => `/api/v1/enterprise/retention-policy/email/${emailId}/status`;
const GHOST = "00000000-0000-4000-8000-000000000000";
const plus = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS).toISOString();

describe("GET /email/{emailId}/status: precedence hold > label > longest policy > forever", () => {
  it("keeps an email forever when no label or enabled policy applies", async () => {
    const admin = await setupAdmin();
    await createPolicy(admin.token, { name: "Disabled", retentionPeriodDays: 1, isEnabled: false });
    await createPolicy(admin.token, {
      name: "Other sender",
      retentionPeriodDays: 1,
      conditions: { operator: "AND", rules: [{ field: "sender", op: "equals", value: "x@y.z" }] },
    });
    const email = await insertTestEmail({ sentAt: daysAgo(4000) });
    expect(await retentionStatus(admin.token, email.id)).toEqual({
      emailId: email.id,
      sentAt: email.sentAt.toISOString(),
      holds: [],
      protectedByHold: false,
      label: null,
      matchingPolicies: [],
      decidingRule: { type: "none", id: null, name: null, retentionPeriodDays: null },
      eligibleAt: null,
      withoutHolds: { decidingRule: { type: "none", id: null, name: null, retentionPeriodDays: null }, eligibleAt: null },
      disposition: { action: null, reviewers: [], open: null, extendedUntil: null, deletesWhenDue: false },
    });
  });

  it("takes the longest period among the enabled matching policies, ties going to the higher priority", async () => {
    const admin = await setupAdmin();
    const otherSource = await ensureTestSource("Other source");
    const everything = await createPolicy(admin.token, { name: "Everything", retentionPeriodDays: 365 });
    const example = await createPolicy(admin.token, {
      name: "Example senders",
      retentionPeriodDays: 1000,
      priority: 1,
      conditions: { operator: "AND", rules: [{ field: "sender", op: "domain", value: "example.com" }] },
    });
    const sameLength = await createPolicy(admin.token, { name: "Same length, higher priority", retentionPeriodDays: 1000, priority: 2 });
    await createPolicy(admin.token, { name: "Longer but disabled", retentionPeriodDays: 5000, isEnabled: false });
    await createPolicy(admin.token, { name: "Longer, other source", retentionPeriodDays: 5000, ingestionSourceIds: [otherSource] });
    const fromExample = await insertTestEmail({ senderEmail: "alice@example.com", sentAt: daysAgo(400) });
    const status = await retentionStatus(admin.token, fromExample.id);
    expect(status.matchingPolicies.map((policy: { name: string }) => policy.name)).toEqual([
      "Same length, higher priority",
      "Example senders",
      "Everything",
    ]);
    expect(status.matchingPolicies[1]).toEqual({ id: example.id, name: "Example senders", priority: 1, retentionPeriodDays: 1000 });
    expect(status.decidingRule).toEqual({ type: "policy", id: sameLength.id, name: sameLength.name, retentionPeriodDays: 1000 });
    expect(status.eligibleAt).toBe(plus(fromExample.sentAt, 1000));

    const elsewhere = await insertTestEmail({ senderEmail: "bob@elsewhere.org", sentAt: daysAgo(400) });
    await api("PUT", `/api/v1/enterprise/retention-policy/policies/${sameLength.id}`, {
      token: admin.token,
      body: { conditions: { operator: "AND", rules: [{ field: "sender", op: "domain", value: "example.com" }] } },
    });
    const other = await retentionStatus(admin.token, elsewhere.id);
    expect(other.decidingRule).toEqual({ type: "policy", id: everything.id, name: "Everything", retentionPeriodDays: 365 });
    // Already past: eligible since then, the next cycle deletes it.
    expect(other.eligibleAt).toBe(plus(elsewhere.sentAt, 365));
    expect(new Date(other.eligibleAt).getTime()).toBeLessThan(Date.now());
  });

  it("lets the label alone decide, even when shorter than a policy, and also when the label is disabled", async () => {
    const admin = await setupAdmin();
    const policy = await createPolicy(admin.token, { name: "Everything", retentionPeriodDays: 3650 });
    const short = await createLabel(admin.token, "Short", 30);
    const email = await insertTestEmail({ sentAt: daysAgo(10) });
    await applyLabel(admin.token, email.id, short.id);
    const status = await retentionStatus(admin.token, email.id);
    expect(status.label).toEqual({
      labelId: short.id,
      labelName: "Short",
      retentionPeriodDays: 30,
      isDisabled: false,
      appliedAt: expect.any(String),
    });
    expect(status.matchingPolicies).toEqual([{ id: policy.id, name: "Everything", priority: 0, retentionPeriodDays: 3650 }]);
    expect(status.decidingRule).toEqual({ type: "label", id: short.id, name: "Short", retentionPeriodDays: 30 });
    expect(status.eligibleAt).toBe(plus(email.sentAt, 30));

    const long = await createLabel(admin.token, "Long", 9000);
    await applyLabel(admin.token, email.id, long.id);
    expect((await disableLabel(admin.token, long.id)).action).toBe("disabled");
    const disabled = await retentionStatus(admin.token, email.id);
    expect(disabled.label).toMatchObject({ labelId: long.id, isDisabled: true });
    expect(disabled.decidingRule).toEqual({ type: "label", id: long.id, name: "Long", retentionPeriodDays: 9000 });
    expect(disabled.eligibleAt).toBe(plus(email.sentAt, 9000));
  });

  it("puts an active legal hold above everything; an inactive hold protects nothing", async () => {
    const admin = await setupAdmin();
    await createPolicy(admin.token, { name: "Everything", retentionPeriodDays: 1 });
    const label = await createLabel(admin.token, "Short", 2);
    const email = await insertTestEmail({ sentAt: daysAgo(100) });
    await applyLabel(admin.token, email.id, label.id);
    const hold = await createHold(admin.token, "Case 1");
    const dormant = await createHold(admin.token, "Case 0");
    await applyHold(admin.token, email.id, dormant.id);
    await setHoldActive(admin.token, dormant.id, false);
    const unheld = await retentionStatus(admin.token, email.id);
    expect(unheld).toMatchObject({ holds: [], protectedByHold: false, decidingRule: { type: "label", id: label.id } });

    await applyHold(admin.token, email.id, hold.id);
    const held = await retentionStatus(admin.token, email.id);
    expect(held.holds).toEqual([{ legalHoldId: hold.id, holdName: "Case 1", appliedAt: expect.any(String) }]);
    expect(held.protectedByHold).toBe(true);
    expect(held.decidingRule).toEqual({ type: "legalHold", id: hold.id, name: "Case 1", retentionPeriodDays: null });
    expect(held.eligibleAt).toBeNull();
    expect(held.withoutHolds).toEqual({
      decidingRule: { type: "label", id: label.id, name: "Short", retentionPeriodDays: 2 },
      eligibleAt: plus(email.sentAt, 2),
    });

    await setHoldActive(admin.token, hold.id, false);
    expect((await retentionStatus(admin.token, email.id)).decidingRule.type).toBe("label");
  });
});

describe("GET /email/{emailId}/status: errors and access", () => {
  it("answers 404 for an unknown or out-of-scope email, 422 for a malformed id, 401/403 without access", async () => {
    const admin = await setupAdmin();
    const email = await insertTestEmail({ userEmail: "bob@example.com" });
    const missing = await api("GET", STATUS(GHOST), { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ status: "error", statusCode: 404, message: expect.any(String), errors: null });
    const malformed = await api("GET", STATUS("not-a-uuid"), { token: admin.token });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual([{ field: "emailId", message: expect.any(String) }]);
    expect((await api("GET", STATUS(email.id))).status).toBe(401);
    const reader = await createUserWithRole(admin.token, "predefined_read_only");
    expect((await api("GET", STATUS(email.id), { token: reader.token })).status).toBe(200);
    const noRole = await createUserWithRole(admin.token, null);
    expect((await api("GET", STATUS(email.id), { token: noRole.token })).status).toBe(403);
    const aliceOnly = await createUserWithRole(admin.token, [
      { action: "read", subject: "archive", conditions: { userEmail: "alice@example.com" } },
    ]);
    expect((await api("GET", STATUS(email.id), { token: aliceOnly.token })).status).toBe(404);
    await withEnv({ LICENSE_FEATURES: "LEGAL_HOLDS" }, async () => {
      const disabled = await api("GET", STATUS(email.id), { token: admin.token });
      expect(disabled.status).toBe(403);
      expect(disabled.body.message).toContain("RETENTION_POLICY");
      expect((await api("POST", STATUS(email.id), { token: admin.token })).status).toBe(405);
    });
  });
});

describe("the explanation agrees with what the cycles delete", () => {
  it("an email is deleted by the cycle at instant T exactly when its status says it is unprotected and eligible by T", async () => {
    const admin = await setupAdmin();
    await createPolicy(admin.token, {
      name: "Example mail",
      retentionPeriodDays: 100,
      conditions: { operator: "AND", rules: [{ field: "sender", op: "domain", value: "example.com" }] },
    });
    await createPolicy(admin.token, { name: "Longer but disabled", retentionPeriodDays: 5000, isEnabled: false });
    const short = await createLabel(admin.token, "Short", 10);
    const long = await createLabel(admin.token, "Long", 3000);
    const retired = await createLabel(admin.token, "Retired", 20);
    const reviewed = await api("POST", "/api/v1/enterprise/retention-policy/labels", {
      token: admin.token,
      body: { name: "Reviewed", retentionPeriodDays: 10, dispositionAction: "review" },
    });
    const activeHold = await createHold(admin.token, "Active case");
    const inactiveHold = await createHold(admin.token, "Closed case");
    const now = new Date();
    let index = 0;
    const toApprove: string[] = [];
    const toHoldAfterApproval: string[] = [];
    for (const age of [5, 15, 25, 95, 105, 130, 400]) {
      for (const variant of [
        "policy",
        "other",
        "short",
        "long",
        "retired",
        "held",
        "inactive-hold",
        "review",
        "review-approved",
        "review-held",
      ]) {
        const sender = variant === "other" ? `u${index}@other.org` : `u${index}@example.com`;
        const email = await insertTestEmail({ senderEmail: sender, sentAt: daysAgo(age + (index++ % 3) * 0.25, now) });
        if (variant === "short") await applyLabel(admin.token, email.id, short.id);
        if (variant === "long") await applyLabel(admin.token, email.id, long.id);
        if (variant === "retired") await applyLabel(admin.token, email.id, retired.id);
        if (variant === "held") await applyHold(admin.token, email.id, activeHold.id);
        if (variant === "inactive-hold") await applyHold(admin.token, email.id, inactiveHold.id);
        if (variant.startsWith("review")) await applyLabel(admin.token, email.id, reviewed.body.id);
        if (variant === "review-approved") toApprove.push(email.id);
        if (variant === "review-held") toHoldAfterApproval.push(email.id);
      }
    }
    // Queue the due reviews (without running a whole cycle), approve some, then hold some approved ones.
    await deleteDueEmails({ ids: [...toApprove, ...toHoldAfterApproval], now, cycleId: randomUUID() });
    const queued = await db().emailDisposition.findMany({ where: { emailId: { in: [...toApprove, ...toHoldAfterApproval] } } });
    expect(queued.length).toBeGreaterThan(0);
    const decided = await api("POST", "/api/v1/enterprise/retention-policy/dispositions/decide", {
      token: admin.token,
      body: { ids: queued.map((row) => row.id), decision: "approve", comment: "fine" },
    });
    expect(decided.body.decided).toHaveLength(queued.length);
    for (const id of toHoldAfterApproval) await applyHold(admin.token, id, activeHold.id);
    await disableLabel(admin.token, retired.id);
    await setHoldActive(admin.token, inactiveHold.id, false);

    for (const offsetDays of [0, 30]) {
      const at = new Date(now.getTime() + offsetDays * DAY_MS);
      const survivors = (await db().archivedEmail.findMany({ select: { id: true } })).map((row) => row.id);
      const predicted = new Set<string>();
      const awaitingReview = new Set<string>();
      for (const id of survivors) {
        const status = await retentionStatus(admin.token, id);
        const due = !status.protectedByHold && status.eligibleAt !== null && new Date(status.eligibleAt) <= at;
        if (due && status.disposition.deletesWhenDue) predicted.add(id);
        if (due && !status.disposition.deletesWhenDue) awaitingReview.add(id);
      }
      expect(predicted.size, `offset ${offsetDays}: something must be due for the check to mean anything`).toBeGreaterThan(0);
      const summary = await runLifecycleCycle({ now: at });
      const remaining = new Set((await db().archivedEmail.findMany({ select: { id: true } })).map((row) => row.id));
      const deleted = survivors.filter((id) => !remaining.has(id));
      expect(new Set(deleted), `offset ${offsetDays}`).toEqual(predicted);
      expect(summary.deleted).toBe(predicted.size);
      expect(awaitingReview.size, `offset ${offsetDays}: some reviews must be due`).toBeGreaterThan(0);
      expect(summary.awaitingReview).toBe(awaitingReview.size);
      const open = await db().emailDisposition.findMany({ where: { openEmailId: { not: null }, status: "pending" } });
      expect(new Set(open.map((row) => row.emailId)), `offset ${offsetDays}`).toEqual(awaitingReview);
    }
  });
});
