import { describe, expect, it } from "vitest";
import { db } from "../platform/db/client";
import { signWithInstallationKey, verifyEd25519 } from "../platform/signing/installation-signing-key";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { createCaseVia, EDISCOVERY, reviewerPolicies } from "@tests/helpers/ediscovery";
import { insertTestEmail } from "@tests/helpers/emails";
import { api } from "@tests/helpers/rest-client";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { withEnv } from "@tests/helpers/with-env";

useEmptyDatabasePerTest();

const CASES = `${EDISCOVERY}/cases`;
const HOLDS = "/api/v1/enterprise/legal-holds/holds";
const GHOST = "00000000-0000-4000-8000-000000000000";

describe("eDiscovery cases: create, list, get", () => {
  it("creates an open case whose creator is a member, with the issue's fields", async () => {
    const admin = await setupAdmin();
    const reviewer = await createUserWithRole(admin.token, reviewerPolicies());
    const created = await createCaseVia(admin.token, {
      name: "Matter A",
      description: "Contract dispute",
      custodians: ["Alice@Example.com", "alice@example.com"],
      memberIds: [reviewer.user.id],
    });
    expect(created).toEqual({
      id: expect.any(String),
      name: "Matter A",
      description: "Contract dispute",
      status: "open",
      custodians: ["alice@example.com"],
      memberIds: [admin.user.id, reviewer.user.id].sort(),
      members: expect.any(Array),
      createdById: admin.user.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      closedAt: null,
      nextBates: 1,
    });
    expect(created.members.map((member: { id: string }) => member.id)).toEqual(created.memberIds);
    const detail = await api("GET", `${CASES}/${created.id}`, { token: reviewer.token });
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual({ ...created, holds: [], searches: [], exports: [] });
    expect((await api("GET", CASES, { token: reviewer.token })).body).toEqual([created]);
    const audit = await db().auditLog.findMany({ where: { targetType: "EdiscoveryCase", actionType: "CREATE" } });
    expect(audit.map((entry) => entry.targetId)).toEqual([created.id]);
  });

  it("answers 409 for a duplicate name, case-insensitively and under concurrency", async () => {
    const admin = await setupAdmin();
    await createCaseVia(admin.token, { name: "Matter A" });
    const duplicate = await api("POST", CASES, { token: admin.token, body: { name: "matter a" } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ status: "error", statusCode: 409, message: expect.any(String), errors: null });
    const racing = await Promise.all(Array.from({ length: 5 }, () => api("POST", CASES, { token: admin.token, body: { name: "Race" } })));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it("answers 422 with field errors for invalid bodies, unknown members and ids", async () => {
    const admin = await setupAdmin();
    const invalid = [
      {},
      { name: "" },
      { name: "x".repeat(256) },
      { name: "ok", description: "d".repeat(2001) },
      { name: "ok", custodians: ["not an address"] },
      { name: "ok", memberIds: ["nope"] },
      { name: "ok", custodians: "alice@example.com" },
    ];
    for (const body of invalid) {
      const response = await api("POST", CASES, { token: admin.token, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors[0]).toEqual({ field: expect.any(String), message: expect.any(String) });
    }
    const unknownMember = await api("POST", CASES, { token: admin.token, body: { name: "ok", memberIds: [GHOST] } });
    expect(unknownMember.status).toBe(422);
    expect(unknownMember.body.errors).toEqual([{ field: "memberIds", message: expect.any(String) }]);
    expect((await api("GET", `${CASES}/not-a-uuid`, { token: admin.token })).status).toBe(422);
    expect((await api("PUT", `${CASES}/${GHOST}`, { token: admin.token, body: {} })).status).toBe(422);
    expect((await api("PUT", `${CASES}/${GHOST}`, { token: admin.token, body: { status: "archived" } })).status).toBe(422);
    expect(await db().ediscoveryCase.count()).toBe(0);
  });

  it("answers 404 for an unknown case", async () => {
    const admin = await setupAdmin();
    expect((await api("GET", `${CASES}/${GHOST}`, { token: admin.token })).status).toBe(404);
    expect((await api("PUT", `${CASES}/${GHOST}`, { token: admin.token, body: { name: "x" } })).status).toBe(404);
    expect((await api("DELETE", `${CASES}/${GHOST}`, { token: admin.token })).status).toBe(404);
  });
});

describe("eDiscovery cases: membership and permissions", () => {
  it("hides a case from non-members (404) unless they have manage:all", async () => {
    const admin = await setupAdmin();
    const member = await createUserWithRole(admin.token, reviewerPolicies());
    const outsider = await createUserWithRole(admin.token, reviewerPolicies());
    const theirs = await createCaseVia(member.token, { name: "Member's matter" });
    const adminsCase = await createCaseVia(admin.token, { name: "Admin's matter" });
    for (const [method, body] of [["GET"], ["PUT", { name: "taken over" }], ["DELETE"]] as const) {
      const response = await api(method, `${CASES}/${theirs.id}`, { token: outsider.token, body });
      expect(response.status, method).toBe(404);
    }
    expect((await api("GET", CASES, { token: outsider.token })).body).toEqual([]);
    expect((await api("GET", CASES, { token: member.token })).body.map((c: { id: string }) => c.id)).toEqual([theirs.id]);
    expect((await api("GET", `${CASES}/${adminsCase.id}`, { token: member.token })).status).toBe(404);
    expect((await api("GET", CASES, { token: admin.token })).body).toHaveLength(2);
    expect((await api("GET", `${CASES}/${theirs.id}`, { token: admin.token })).status).toBe(200);
    const joined = await api("PUT", `${CASES}/${theirs.id}`, {
      token: admin.token,
      body: { memberIds: [member.user.id, outsider.user.id] },
    });
    expect(joined.status).toBe(200);
    expect((await api("GET", `${CASES}/${theirs.id}`, { token: outsider.token })).status).toBe(200);
  });

  it("needs read:ediscovery to read and manage:ediscovery to change (403), and the license feature", async () => {
    const admin = await setupAdmin();
    const readOnly = await createUserWithRole(admin.token, "predefined_read_only");
    const reader = await createUserWithRole(admin.token, [{ action: "read", subject: "ediscovery" }]);
    const matter = await createCaseVia(admin.token, { name: "Matter", memberIds: [reader.user.id] });
    expect((await api("GET", CASES, { token: readOnly.token })).status).toBe(403);
    expect((await api("GET", `${CASES}/${matter.id}`, { token: readOnly.token })).status).toBe(403);
    expect((await api("GET", `${CASES}/${matter.id}`, { token: reader.token })).status).toBe(200);
    expect((await api("POST", CASES, { token: reader.token, body: { name: "Mine" } })).status).toBe(403);
    expect((await api("PUT", `${CASES}/${matter.id}`, { token: reader.token, body: { status: "closed" } })).status).toBe(403);
    expect((await api("DELETE", `${CASES}/${matter.id}`, { token: reader.token })).status).toBe(403);
    await withEnv({ LICENSE_FEATURES: "LEGAL_HOLDS" }, async () => {
      const disabled = await api("GET", CASES, { token: admin.token });
      expect(disabled.status).toBe(403);
      expect(disabled.body.message).toContain("EDISCOVERY");
    });
  });
});

describe("eDiscovery cases: holds, closing and deleting", () => {
  it("refuses a hold whose caseId names no case, on create and on update (422 on caseId)", async () => {
    const admin = await setupAdmin();
    const created = await api("POST", HOLDS, { token: admin.token, body: { name: "Hold", caseId: GHOST } });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual([{ field: "caseId", message: expect.any(String) }]);
    const hold = (await api("POST", HOLDS, { token: admin.token, body: { name: "Hold" } })).body;
    expect(hold.caseId).toBeNull();
    const updated = await api("PUT", `${HOLDS}/${hold.id}`, { token: admin.token, body: { caseId: GHOST } });
    expect(updated.status).toBe(422);
    expect(updated.body.errors).toEqual([{ field: "caseId", message: expect.any(String) }]);
    const matter = await createCaseVia(admin.token);
    const moved = await api("PUT", `${HOLDS}/${hold.id}`, { token: admin.token, body: { caseId: matter.id } });
    expect(moved.status).toBe(200);
    expect(Object.keys(moved.body).sort()).toEqual(["caseId", "createdAt", "emailCount", "id", "isActive", "name", "reason", "updatedAt"]);
    expect(moved.body.caseId).toBe(matter.id);
  });

  it("shows the case's holds with their email counts", async () => {
    const admin = await setupAdmin();
    const matter = await createCaseVia(admin.token);
    const hold = (await api("POST", HOLDS, { token: admin.token, body: { name: "Hold", caseId: matter.id } })).body;
    await api("POST", HOLDS, { token: admin.token, body: { name: "Unrelated" } });
    const email = await insertTestEmail();
    await api("POST", `/api/v1/enterprise/legal-holds/email/${email.id}/holds`, { token: admin.token, body: { holdId: hold.id } });
    const detail = (await api("GET", `${CASES}/${matter.id}`, { token: admin.token })).body;
    expect(detail.holds).toEqual([{ ...hold, emailCount: 1, updatedAt: expect.any(String) }]);
  });

  it("closing deactivates the case's active holds in the same transaction, each audited; reopening leaves them inactive", async () => {
    const admin = await setupAdmin();
    const matter = await createCaseVia(admin.token);
    const active = (await api("POST", HOLDS, { token: admin.token, body: { name: "Active", caseId: matter.id } })).body;
    const inactive = (await api("POST", HOLDS, { token: admin.token, body: { name: "Inactive", caseId: matter.id } })).body;
    await api("PUT", `${HOLDS}/${inactive.id}`, { token: admin.token, body: { isActive: false } });
    const other = (await api("POST", HOLDS, { token: admin.token, body: { name: "Other" } })).body;
    const closed = await api("PUT", `${CASES}/${matter.id}`, { token: admin.token, body: { status: "closed" } });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe("closed");
    expect(closed.body.closedAt).toEqual(expect.any(String));
    const holds = await db().legalHold.findMany({ orderBy: { name: "asc" } });
    expect(holds.map((h) => [h.name, h.isActive])).toEqual([
      ["Active", false],
      ["Inactive", false],
      ["Other", true],
    ]);
    const holdAudits = await db().auditLog.findMany({ where: { targetType: "LegalHold", actionType: "UPDATE", targetId: active.id } });
    expect(holdAudits).toHaveLength(1);
    expect(holdAudits[0].details).toMatchObject({ changes: { isActive: { from: true, to: false } }, caseId: matter.id });
    expect(await db().auditLog.count({ where: { targetType: "LegalHold", actionType: "UPDATE", targetId: other.id } })).toBe(0);
    const caseAudit = await db().auditLog.findFirstOrThrow({ where: { targetType: "EdiscoveryCase", actionType: "UPDATE" } });
    expect(caseAudit.details).toMatchObject({ changes: { status: { from: "open", to: "closed" } }, deactivatedHoldIds: [active.id] });
    const reopened = await api("PUT", `${CASES}/${matter.id}`, { token: admin.token, body: { status: "open" } });
    expect(reopened.body).toMatchObject({ status: "open", closedAt: null });
    expect((await db().legalHold.findUniqueOrThrow({ where: { id: active.id } })).isActive).toBe(false);
  });

  it("refuses to delete a case with holds (409) or exports, deletes an empty one (204, audited)", async () => {
    const admin = await setupAdmin();
    const matter = await createCaseVia(admin.token);
    const hold = (await api("POST", HOLDS, { token: admin.token, body: { name: "Hold", caseId: matter.id } })).body;
    const refused = await api("DELETE", `${CASES}/${matter.id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ status: "error", statusCode: 409, message: expect.stringContaining("1 legal hold"), errors: null });
    await api("PUT", `${HOLDS}/${hold.id}`, { token: admin.token, body: { isActive: false } });
    await api("DELETE", `${HOLDS}/${hold.id}`, { token: admin.token });
    await db().ediscoveryExport.create({ data: { caseId: matter.id, name: "Production", format: "eml", source: {}, queryUsed: {} } });
    expect((await api("DELETE", `${CASES}/${matter.id}`, { token: admin.token })).status).toBe(409);
    await db().ediscoveryExport.deleteMany();
    expect((await api("DELETE", `${CASES}/${matter.id}`, { token: admin.token })).status).toBe(204);
    expect(await db().ediscoveryCase.count()).toBe(0);
    expect(await db().auditLog.count({ where: { targetType: "EdiscoveryCase", actionType: "DELETE", targetId: matter.id } })).toBe(1);
  });
});

describe("eDiscovery export key", () => {
  it("answers the installation's Ed25519 public key, which verifies its signatures", async () => {
    const admin = await setupAdmin();
    const response = await api("GET", `${EDISCOVERY}/export-key`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ algorithm: "Ed25519", publicKey: expect.stringContaining("BEGIN PUBLIC KEY") });
    const { privateKey } = generateKeyPairSync("ed25519");
    const bytes = createHash("sha256").update("x").digest();
    expect(verifyEd25519(bytes, signWithInstallationKey(bytes), response.body.publicKey)).toBe(true);
    expect(verifyEd25519(bytes, sign(null, bytes, privateKey).toString("base64"), response.body.publicKey)).toBe(false);
    expect((await api("GET", `${EDISCOVERY}/export-key`)).status).toBe(401);
  });
});
