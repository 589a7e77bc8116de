import { describe, expect, it } from "vitest";
import { db } from "../../platform/db/client";
import { api } from "@tests/helpers/rest-client";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { insertTestEmail } from "@tests/helpers/emails";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { LABEL_REMOVED_MESSAGE, NO_LABEL_MESSAGE } from "./remove-label-from-email";
import { principalForUser } from "../../identity/auth/authenticate";
import { createCaller } from "../../transport/trpc/root";
import { withEnv } from "@tests/helpers/with-env";

useEmptyDatabasePerTest();

const BASE = "/api/v1/enterprise/retention-policy";
const GHOST = "00000000-0000-4000-8000-000000000000";

async function createLabel(token: string, body: Record<string, unknown> = { name: "Seven years", retentionPeriodDays: 2555 }) {
  const response = await api("POST", `${BASE}/labels`, { token, body });
  expect(response.status).toBe(201);
  return response.body;
}

describe("retention labels", () => {
  it("creates, lists in creation order, reads and updates labels with the interface's fields", async () => {
    const admin = await setupAdmin();
    const label = await createLabel(admin.token, { name: "Seven years", description: "Tax", retentionPeriodDays: 2555 });
    expect(label).toEqual({
      id: expect.any(String),
      name: "Seven years",
      description: "Tax",
      retentionPeriodDays: 2555,
      isDisabled: false,
      createdAt: expect.any(String),
      // Additions of disposition review (docs/retention.md), with the interface's behaviour as default.
      dispositionAction: "delete",
      reviewerIds: [],
      reviewerRoleId: null,
    });
    await createLabel(admin.token, { name: "One year", retentionPeriodDays: 365 });
    const list = await api("GET", `${BASE}/labels`, { token: admin.token });
    expect(list.body.map((l: { name: string }) => l.name)).toEqual(["Seven years", "One year"]);
    expect((await api("GET", `${BASE}/labels/${label.id}`, { token: admin.token })).body).toEqual(label);
    const updated = await api("PUT", `${BASE}/labels/${label.id}`, {
      token: admin.token,
      body: { description: "Taxes", retentionPeriodDays: 3650 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Seven years", description: "Taxes", retentionPeriodDays: 3650 });
  });

  it("answers 409 for duplicate names, 422 for invalid bodies, 404 for unknown labels", async () => {
    const admin = await setupAdmin();
    const label = await createLabel(admin.token);
    expect(
      (await api("POST", `${BASE}/labels`, { token: admin.token, body: { name: "SEVEN YEARS", retentionPeriodDays: 1 } })).status,
    ).toBe(409);
    for (const body of [
      {},
      { name: "", retentionPeriodDays: 1 },
      { name: "x".repeat(256), retentionPeriodDays: 1 },
      { name: "a", retentionPeriodDays: 0 },
      { name: "a", retentionPeriodDays: 1.5 },
      { name: "a", retentionPeriodDays: "10" },
      { name: "a", retentionPeriodDays: 1, description: "d".repeat(1001) },
    ]) {
      const response = await api("POST", `${BASE}/labels`, { token: admin.token, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors.length).toBeGreaterThan(0);
    }
    expect((await api("PUT", `${BASE}/labels/${label.id}`, { token: admin.token, body: {} })).status).toBe(422);
    expect((await api("GET", `${BASE}/labels/nope`, { token: admin.token })).status).toBe(422);
    expect((await api("GET", `${BASE}/labels/${GHOST}`, { token: admin.token })).status).toBe(404);
    expect((await api("PUT", `${BASE}/labels/${GHOST}`, { token: admin.token, body: { name: "x" } })).status).toBe(404);
    expect((await api("DELETE", `${BASE}/labels/${GHOST}`, { token: admin.token })).status).toBe(404);
    expect(await db().retentionLabel.count()).toBe(1);
  });

  it("freezes retentionPeriodDays while the label is on an email (409), other fields stay editable", async () => {
    const admin = await setupAdmin();
    const label = await createLabel(admin.token);
    const email = await insertTestEmail();
    await api("POST", `${BASE}/email/${email.id}/label`, { token: admin.token, body: { labelId: label.id } });
    expect((await api("PUT", `${BASE}/labels/${label.id}`, { token: admin.token, body: { retentionPeriodDays: 10 } })).status).toBe(409);
    expect((await api("PUT", `${BASE}/labels/${label.id}`, { token: admin.token, body: { retentionPeriodDays: 2555 } })).status).toBe(200);
    expect((await api("PUT", `${BASE}/labels/${label.id}`, { token: admin.token, body: { name: "Renamed" } })).status).toBe(200);
  });

  it("deletes a label on no email, disables one on emails (kept by them, not applicable again), re-enables with isDisabled false", async () => {
    const admin = await setupAdmin();
    const unused = await createLabel(admin.token, { name: "Unused", retentionPeriodDays: 5 });
    expect((await api("DELETE", `${BASE}/labels/${unused.id}`, { token: admin.token })).body).toEqual({ action: "deleted" });
    expect((await api("GET", `${BASE}/labels/${unused.id}`, { token: admin.token })).status).toBe(404);

    const used = await createLabel(admin.token);
    const email = await insertTestEmail();
    const other = await insertTestEmail();
    await api("POST", `${BASE}/email/${email.id}/label`, { token: admin.token, body: { labelId: used.id } });
    const disabled = await api("DELETE", `${BASE}/labels/${used.id}`, { token: admin.token });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toEqual({ action: "disabled" });
    expect((await api("GET", `${BASE}/labels/${used.id}`, { token: admin.token })).body.isDisabled).toBe(true);
    expect((await api("GET", `${BASE}/email/${email.id}/label`, { token: admin.token })).body).toMatchObject({ labelId: used.id });
    const refused = await api("POST", `${BASE}/email/${other.id}/label`, { token: admin.token, body: { labelId: used.id } });
    expect(refused.status).toBe(409);
    await api("PUT", `${BASE}/labels/${used.id}`, { token: admin.token, body: { isDisabled: false } });
    expect((await api("POST", `${BASE}/email/${other.id}/label`, { token: admin.token, body: { labelId: used.id } })).status).toBe(200);
  });
});

describe("the label on an email", () => {
  it("no label → labeled → relabeled → removed → removing again still 200", async () => {
    const admin = await setupAdmin();
    const first = await createLabel(admin.token, { name: "First", retentionPeriodDays: 30 });
    const second = await createLabel(admin.token, { name: "Second", retentionPeriodDays: 60 });
    const email = await insertTestEmail();
    const none = await api("GET", `${BASE}/email/${email.id}/label`, { token: admin.token });
    expect(none.status).toBe(200);
    expect(none.text).toBe("null");
    const applied = await api("POST", `${BASE}/email/${email.id}/label`, { token: admin.token, body: { labelId: first.id } });
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({
      labelId: first.id,
      labelName: "First",
      retentionPeriodDays: 30,
      appliedAt: expect.any(String),
      appliedByUserId: admin.user.id,
    });
    const replaced = await api("POST", `${BASE}/email/${email.id}/label`, { token: admin.token, body: { labelId: second.id } });
    expect(replaced.body).toMatchObject({ labelId: second.id, labelName: "Second", retentionPeriodDays: 60 });
    expect(await db().emailRetentionLabel.count()).toBe(1);
    const removed = await api("DELETE", `${BASE}/email/${email.id}/label`, { token: admin.token });
    expect(removed.body).toEqual({ message: LABEL_REMOVED_MESSAGE });
    const again = await api("DELETE", `${BASE}/email/${email.id}/label`, { token: admin.token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: NO_LABEL_MESSAGE });
    const audit = await db().auditLog.findMany({ where: { targetType: "ArchivedEmail", targetId: email.id }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => entry.actionType)).toEqual(["APPLY_LABEL", "APPLY_LABEL", "REMOVE_LABEL"]);
  });

  it("answers 404 for a missing email or label, 422 for bad ids or bodies", async () => {
    const admin = await setupAdmin();
    const label = await createLabel(admin.token);
    const email = await insertTestEmail();
    expect((await api("POST", `${BASE}/email/${GHOST}/label`, { token: admin.token, body: { labelId: label.id } })).status).toBe(404);
    expect((await api("POST", `${BASE}/email/${email.id}/label`, { token: admin.token, body: { labelId: GHOST } })).status).toBe(404);
    expect((await api("GET", `${BASE}/email/${GHOST}/label`, { token: admin.token })).status).toBe(404);
    expect((await api("POST", `${BASE}/email/nope/label`, { token: admin.token, body: { labelId: label.id } })).status).toBe(422);
    expect((await api("POST", `${BASE}/email/${email.id}/label`, { token: admin.token, body: { labelId: "nope" } })).status).toBe(422);
    expect((await api("POST", `${BASE}/email/${email.id}/label`, { token: admin.token, body: {} })).status).toBe(422);
    expect((await api("GET", `${BASE}/email/nope/label`, { token: admin.token })).status).toBe(422);
  });

  it("needs read:archive to read, delete:archive to change, manage:all for labels, and the RETENTION_POLICY feature", async () => {
    const admin = await setupAdmin();
    const reader = await createUserWithRole(admin.token, "predefined_read_only");
    const deleter = await createUserWithRole(admin.token, [
      { action: "delete", subject: "archive", conditions: {} },
      { action: "read", subject: "archive", conditions: {} },
    ]);
    const label = await createLabel(admin.token);
    const email = await insertTestEmail();
    expect((await api("GET", `${BASE}/labels`)).status).toBe(401);
    expect((await api("GET", `${BASE}/labels`, { token: reader.token })).status).toBe(403);
    expect((await api("GET", `${BASE}/email/${email.id}/label`, { token: reader.token })).status).toBe(200);
    expect((await api("POST", `${BASE}/email/${email.id}/label`, { token: reader.token, body: { labelId: label.id } })).status).toBe(403);
    expect((await api("DELETE", `${BASE}/email/${email.id}/label`, { token: reader.token })).status).toBe(403);
    expect((await api("POST", `${BASE}/email/${email.id}/label`, { token: deleter.token, body: { labelId: label.id } })).status).toBe(200);
    expect((await api("POST", `${BASE}/labels`, { token: deleter.token, body: { name: "x", retentionPeriodDays: 1 } })).status).toBe(403);
    await withEnv({ LICENSE_FEATURES: "LEGAL_HOLDS" }, async () => {
      const disabled = await api("GET", `${BASE}/email/${email.id}/label`, { token: admin.token });
      expect(disabled.status).toBe(403);
      expect(disabled.body.message).toContain("RETENTION_POLICY");
    });
  });

  it("a caller with delete:archive but not manage:all chooses among the enabled labels in the UI (retentionLabels.applicable)", async () => {
    const admin = await setupAdmin();
    const deleter = await createUserWithRole(admin.token, [
      { action: "delete", subject: "archive", conditions: {} },
      { action: "read", subject: "archive", conditions: {} },
    ]);
    const reader = await createUserWithRole(admin.token, "predefined_read_only");
    const kept = await createLabel(admin.token, { name: "Seven years", retentionPeriodDays: 2555 });
    const retired = await createLabel(admin.token, { name: "Old rule", retentionPeriodDays: 30 });
    expect((await api("PUT", `${BASE}/labels/${retired.id}`, { token: admin.token, body: { isDisabled: true } })).status).toBe(200);
    const callerFor = async (userId: string) =>
      createCaller({ principal: await principalForUser(userId, "127.0.0.1", "session"), ip: "127.0.0.1" });
    expect(await (await callerFor(deleter.user.id)).retentionLabels.applicable()).toEqual([
      { id: kept.id, name: "Seven years", retentionPeriodDays: 2555 },
    ]);
    await expect((await callerFor(deleter.user.id)).retentionLabels.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect((await callerFor(reader.user.id)).retentionLabels.applicable()).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
