import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "../../platform/db/client";
import { verifyAuditLog } from "../../audit/verify-audit-log";
import { principalForUser } from "../../identity/auth/authenticate";
import { bulkApplyHold } from "./bulk-apply-hold";
import { api } from "@tests/helpers/rest-client";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { insertTestEmail } from "@tests/helpers/emails";
import { whileTableLocked } from "@tests/helpers/lock-waits";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { withEnv } from "@tests/helpers/with-env";

useEmptyDatabasePerTest();
afterEach(() => {
  vi.unstubAllEnvs();
});

const BASE = "/api/v1/enterprise/legal-holds";
const GHOST = "00000000-0000-4000-8000-000000000000";

async function createHold(token: string, body: Record<string, unknown> = { name: "Case A" }) {
  const response = await api("POST", `${BASE}/holds`, { token, body });
  expect(response.status).toBe(201);
  return response.body;
}

describe("legal holds: create, list, get", () => {
  it("creates an active hold with emailCount 0 and the interface's fields", async () => {
    const admin = await setupAdmin();
    const { id: caseId } = await db().ediscoveryCase.create({ data: { name: "Matter", nameKey: "matter" } });
    const hold = await createHold(admin.token, { name: "Case A", reason: "Litigation", caseId });
    expect(hold).toEqual({
      id: expect.any(String),
      name: "Case A",
      reason: "Litigation",
      isActive: true,
      caseId,
      emailCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await createHold(admin.token, { name: "Case B", isActive: false });
    expect(second.isActive).toBe(true);
    expect(second.reason).toBeNull();
    const list = await api("GET", `${BASE}/holds`, { token: admin.token });
    expect(list.body.map((h: { name: string }) => h.name)).toEqual(["Case A", "Case B"]);
    expect((await api("GET", `${BASE}/holds/${hold.id}`, { token: admin.token })).body).toEqual(hold);
    const audit = await db().auditLog.findMany({ where: { targetType: "LegalHold", actionType: "CREATE" } });
    expect(audit).toHaveLength(2);
  });

  it("answers 409 for a duplicate name, case-insensitively and under concurrency", async () => {
    const admin = await setupAdmin();
    await createHold(admin.token, { name: "Case A" });
    const duplicate = await api("POST", `${BASE}/holds`, { token: admin.token, body: { name: "case a" } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ status: "error", statusCode: 409, message: expect.any(String), errors: null });
    const racing = await Promise.all(
      Array.from({ length: 6 }, () => api("POST", `${BASE}/holds`, { token: admin.token, body: { name: "Race" } })),
    );
    expect(racing.filter((r) => r.status === 201)).toHaveLength(1);
    expect(racing.filter((r) => r.status === 409)).toHaveLength(5);
  });

  it("answers 422 with field errors for invalid bodies and ids", async () => {
    const admin = await setupAdmin();
    for (const body of [
      {},
      { name: "" },
      { name: "x".repeat(256) },
      { name: "ok", reason: "r".repeat(2001) },
      { name: "ok", caseId: "nope" },
      { name: 5 },
    ]) {
      const response = await api("POST", `${BASE}/holds`, { token: admin.token, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.status).toBe("error");
      expect(response.body.errors.length).toBeGreaterThan(0);
      expect(response.body.errors[0]).toEqual({ field: expect.any(String), message: expect.any(String) });
    }
    expect((await api("GET", `${BASE}/holds/not-a-uuid`, { token: admin.token })).status).toBe(422);
    expect(await db().legalHold.count()).toBe(0);
  });

  it("answers 404 for an unknown hold", async () => {
    const admin = await setupAdmin();
    expect((await api("GET", `${BASE}/holds/${GHOST}`, { token: admin.token })).status).toBe(404);
    expect((await api("PUT", `${BASE}/holds/${GHOST}`, { token: admin.token, body: { name: "x" } })).status).toBe(404);
    expect((await api("DELETE", `${BASE}/holds/${GHOST}`, { token: admin.token })).status).toBe(404);
    expect(
      (await api("POST", `${BASE}/holds/${GHOST}/bulk-apply`, { token: admin.token, body: { searchQuery: { query: "" } } })).status,
    ).toBe(404);
  });
});

describe("legal holds: update and delete transitions", () => {
  it("changes only provided fields, needs at least one, and 409s on a taken name", async () => {
    const admin = await setupAdmin();
    const hold = await createHold(admin.token, { name: "Case A", reason: "why" });
    await createHold(admin.token, { name: "Case B" });
    const renamed = await api("PUT", `${BASE}/holds/${hold.id}`, { token: admin.token, body: { name: "Case C" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Case C", reason: "why", isActive: true });
    expect((await api("PUT", `${BASE}/holds/${hold.id}`, { token: admin.token, body: {} })).status).toBe(422);
    expect((await api("PUT", `${BASE}/holds/${hold.id}`, { token: admin.token, body: { isActive: "no" } })).status).toBe(422);
    expect((await api("PUT", `${BASE}/holds/${hold.id}`, { token: admin.token, body: { name: "CASE B" } })).status).toBe(409);
  });

  it("active → inactive → active; delete refused while active, allowed when inactive, links removed with it", async () => {
    const admin = await setupAdmin();
    const hold = await createHold(admin.token);
    const email = await insertTestEmail();
    await api("POST", `${BASE}/email/${email.id}/holds`, { token: admin.token, body: { holdId: hold.id } });
    const refused = await api("DELETE", `${BASE}/holds/${hold.id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/deactivate/i);
    const off = await api("PUT", `${BASE}/holds/${hold.id}`, { token: admin.token, body: { isActive: false } });
    expect(off.body).toMatchObject({ isActive: false, emailCount: 1 });
    const on = await api("PUT", `${BASE}/holds/${hold.id}`, { token: admin.token, body: { isActive: true } });
    expect(on.body.isActive).toBe(true);
    await api("PUT", `${BASE}/holds/${hold.id}`, { token: admin.token, body: { isActive: false } });
    const deleted = await api("DELETE", `${BASE}/holds/${hold.id}`, { token: admin.token });
    expect(deleted.status).toBe(204);
    expect(await db().emailLegalHold.count()).toBe(0);
    expect(await db().archivedEmail.count()).toBe(1);
  });
});

describe("legal holds on an email", () => {
  it("applies idempotently, lists active and inactive holds, removes one link", async () => {
    const admin = await setupAdmin();
    const a = await createHold(admin.token, { name: "A" });
    const b = await createHold(admin.token, { name: "B" });
    const email = await insertTestEmail();
    expect((await api("GET", `${BASE}/email/${email.id}/holds`, { token: admin.token })).body).toEqual([]);
    const applied = await api("POST", `${BASE}/email/${email.id}/holds`, { token: admin.token, body: { holdId: a.id } });
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({
      legalHoldId: a.id,
      holdName: "A",
      isActive: true,
      appliedAt: expect.any(String),
      appliedByUserId: admin.user.id,
    });
    const again = await api("POST", `${BASE}/email/${email.id}/holds`, { token: admin.token, body: { holdId: a.id } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(applied.body);
    await api("POST", `${BASE}/email/${email.id}/holds`, { token: admin.token, body: { holdId: b.id } });
    await api("PUT", `${BASE}/holds/${b.id}`, { token: admin.token, body: { isActive: false } });
    const links = await api("GET", `${BASE}/email/${email.id}/holds`, { token: admin.token });
    expect(links.body.map((l: { holdName: string; isActive: boolean }) => [l.holdName, l.isActive])).toEqual([
      ["A", true],
      ["B", false],
    ]);
    const removed = await api("DELETE", `${BASE}/email/${email.id}/holds/${a.id}`, { token: admin.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: expect.any(String) });
    expect((await api("DELETE", `${BASE}/email/${email.id}/holds/${a.id}`, { token: admin.token })).status).toBe(404);
    expect((await api("GET", `${BASE}/holds/${b.id}`, { token: admin.token })).body.emailCount).toBe(1);
    const audit = await db().auditLog.findMany({ where: { targetType: "ArchivedEmail", targetId: email.id } });
    expect(audit.map((e) => e.actionType).sort()).toEqual(["APPLY_HOLD", "APPLY_HOLD", "REMOVE_HOLD"]);
  });

  it("answers 404 for a missing email or hold, 409 for an inactive hold, 422 for bad ids", async () => {
    const admin = await setupAdmin();
    const hold = await createHold(admin.token);
    const email = await insertTestEmail();
    expect((await api("POST", `${BASE}/email/${GHOST}/holds`, { token: admin.token, body: { holdId: hold.id } })).status).toBe(404);
    expect((await api("POST", `${BASE}/email/${email.id}/holds`, { token: admin.token, body: { holdId: GHOST } })).status).toBe(404);
    expect((await api("GET", `${BASE}/email/${GHOST}/holds`, { token: admin.token })).status).toBe(404);
    await api("PUT", `${BASE}/holds/${hold.id}`, { token: admin.token, body: { isActive: false } });
    const inactive = await api("POST", `${BASE}/email/${email.id}/holds`, { token: admin.token, body: { holdId: hold.id } });
    expect(inactive.status).toBe(409);
    expect((await api("POST", `${BASE}/email/nope/holds`, { token: admin.token, body: { holdId: hold.id } })).status).toBe(422);
    expect((await api("POST", `${BASE}/email/${email.id}/holds`, { token: admin.token, body: { holdId: "nope" } })).status).toBe(422);
    expect((await api("POST", `${BASE}/email/${email.id}/holds`, { token: admin.token, body: {} })).status).toBe(422);
    expect((await api("DELETE", `${BASE}/email/${email.id}/holds/nope`, { token: admin.token })).status).toBe(422);
    expect(await db().emailLegalHold.count()).toBe(0);
  });

  it("an apply racing a deactivation either links before it or is refused after it", async () => {
    const admin = await setupAdmin();
    for (let round = 0; round < 10; round++) {
      const hold = await createHold(admin.token, { name: `R${round}` });
      const email = await insertTestEmail();
      const [apply] = await Promise.all([
        api("POST", `${BASE}/email/${email.id}/holds`, { token: admin.token, body: { holdId: hold.id } }),
        api("PUT", `${BASE}/holds/${hold.id}`, { token: admin.token, body: { isActive: false } }),
      ]);
      const links = await db().emailLegalHold.findMany({ where: { legalHoldId: hold.id } });
      if (apply.status === 200) expect(links).toHaveLength(1);
      else {
        expect(apply.status).toBe(409);
        expect(links).toHaveLength(0);
      }
    }
  });
});

/** `count` indexed "Merger memo" emails from ceo@corp.example, cloned in SQL: thousands of single inserts would dominate a test's time. */
async function insertMergerMemos(count: number) {
  const template = await insertTestEmail({ subject: "Merger memo", senderEmail: "ceo@corp.example" });
  await db().$executeRaw`
    INSERT INTO archived_emails (id, ingestion_source_id, user_email, message_id_header, sent_at, subject,
      sender_name, sender_email, recipients, recipient_emails, storage_path, storage_hash_sha256, size_bytes, is_indexed,
      has_attachments, archived_at, path, tags, body_text, search_vector)
    SELECT gen_random_uuid(), ingestion_source_id, user_email, 'clone-' || n, sent_at, subject || ' ' || n,
      sender_name, sender_email, recipients, recipient_emails, storage_path, encode(sha256(('clone-' || n)::bytea), 'hex'), size_bytes, is_indexed,
      has_attachments, archived_at, path, tags, body_text, search_vector
    FROM archived_emails, generate_series(1, ${count - 1}) AS n WHERE id = ${template.id}::uuid`;
}

describe("release-all and bulk-apply", () => {
  it("releases every link and keeps the hold; 0 when none; 500 for an unknown hold", async () => {
    const admin = await setupAdmin();
    const hold = await createHold(admin.token);
    for (let i = 0; i < 3; i++) {
      const email = await insertTestEmail();
      await api("POST", `${BASE}/email/${email.id}/holds`, { token: admin.token, body: { holdId: hold.id } });
    }
    const released = await api("POST", `${BASE}/holds/${hold.id}/release-all`, { token: admin.token });
    expect(released.status).toBe(200);
    expect(released.body).toEqual({ emailsReleased: 3 });
    expect((await api("GET", `${BASE}/holds/${hold.id}`, { token: admin.token })).body).toMatchObject({ isActive: true, emailCount: 0 });
    expect((await api("POST", `${BASE}/holds/${hold.id}/release-all`, { token: admin.token })).body).toEqual({ emailsReleased: 0 });
    const unknown = await api("POST", `${BASE}/holds/${GHOST}/release-all`, { token: admin.token });
    expect(unknown.status).toBe(500);
    expect(unknown.body).toEqual({ status: "error", statusCode: 500, message: expect.any(String), errors: null });
    expect((await api("POST", `${BASE}/holds/nope/release-all`, { token: admin.token })).status).toBe(422);
  });

  it("links every match, counts only new links, and audits the exact query", async () => {
    const admin = await setupAdmin();
    const hold = await createHold(admin.token);
    const total = 2100;
    await insertMergerMemos(total);
    await insertTestEmail({ subject: "Lunch", senderEmail: "ceo@corp.example" });
    const body = { searchQuery: { query: " merger ", filters: { from: "CEO@corp.example" }, matchingStrategy: "all" } };
    const first = await api("POST", `${BASE}/holds/${hold.id}/bulk-apply`, { token: admin.token, body });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      legalHoldId: hold.id,
      emailsLinked: total,
      queryUsed: { query: "merger", filters: { from: "ceo@corp.example" }, matchingStrategy: "all" },
    });
    const second = await api("POST", `${BASE}/holds/${hold.id}/bulk-apply`, { token: admin.token, body });
    expect(second.body.emailsLinked).toBe(0);
    const audit = await db().auditLog.findFirst({ where: { actionType: "BULK_APPLY_HOLD" }, orderBy: { id: "asc" } });
    expect(audit?.details).toEqual({ queryUsed: first.body.queryUsed, emailsLinked: total, caseId: null, actorUserId: admin.user.id });

    // Across several pages, with some emails linked already: each counted once, only the new links.
    const other = await createHold(admin.token, { name: "Case B" });
    const alreadyLinked = await db().$queryRaw<
      { id: string }[]
    >`SELECT id FROM archived_emails WHERE subject LIKE 'Merger memo%' LIMIT 450`;
    for (const { id } of alreadyLinked.slice(0, 3)) {
      expect((await api("POST", `${BASE}/email/${id}/holds`, { token: admin.token, body: { holdId: other.id } })).status).toBe(200);
    }
    const principal = (await principalForUser(admin.user.id, "127.0.0.1", "session"))!;
    const paged = await bulkApplyHold({ principal, id: other.id, query: first.body.queryUsed, pageSize: 450 });
    expect(paged.emailsLinked).toBe(total - 3);
    const links = await db().$queryRaw<
      { n: number }[]
    >`SELECT count(DISTINCT email_id)::int AS n FROM email_legal_holds WHERE legal_hold_id = ${other.id}::uuid`;
    expect(links[0].n).toBe(total);
    expect((await verifyAuditLog()).ok).toBe(true);
  }, 180_000);

  it("reaches every match past the search's result window, within its own time bound (503 beyond it, nothing linked)", async () => {
    const admin = await setupAdmin();
    const hold = await createHold(admin.token);
    const total = 10_050;
    await insertMergerMemos(total);
    const bulkApply = (matchingStrategy: string) =>
      api("POST", `${BASE}/holds/${hold.id}/bulk-apply`, {
        token: admin.token,
        body: { searchQuery: { query: "merger memo", matchingStrategy } },
      });
    vi.stubEnv("BULK_SEARCH_TIMEOUT_MS", "1000");
    // Deliberately slow: the terms' frequencies (planning) and the listing of every match (the cursor) wait
    // for a lock on archived_emails until their statement timeout stops them; the links' insert waits past
    // the transaction's timeout for one on email_legal_holds.
    for (const [strategy, table, message] of [
      ["frequency", "archived_emails", /^The search took longer than 1 s/],
      ["all", "archived_emails", /^Listing every match of the search took longer than 1 s/],
      ["all", "email_legal_holds", /^Bulk apply took longer than 1 s/],
    ] as const) {
      const stopped = await whileTableLocked(table, 2_500, () => bulkApply(strategy));
      expect(stopped.status, `${strategy} ${table}`).toBe(503);
      expect(stopped.body).toEqual({ status: "error", statusCode: 503, message: expect.stringMatching(message), errors: null });
      expect(stopped.headers.get("retry-after")).toBe("30");
    }
    expect(await db().emailLegalHold.count()).toBe(0);
    expect(await db().auditLog.count({ where: { actionType: "BULK_APPLY_HOLD" } })).toBe(0);
    // The interactive search's bound does not apply to it.
    vi.stubEnv("BULK_SEARCH_TIMEOUT_MS", "");
    vi.stubEnv("SEARCH_STATEMENT_TIMEOUT_MS", "1");
    const applied = await bulkApply("frequency");
    expect(applied.status).toBe(200);
    expect(applied.body.emailsLinked).toBe(total);
    expect(await db().emailLegalHold.count({ where: { legalHoldId: hold.id } })).toBe(total);
  }, 180_000);

  it("refuses an inactive hold (409) and invalid queries (422)", async () => {
    const admin = await setupAdmin();
    const hold = await createHold(admin.token);
    for (const body of [{}, { searchQuery: {} }, { searchQuery: { query: 5 } }, { searchQuery: { query: "", matchingStrategy: "best" } }]) {
      const response = await api("POST", `${BASE}/holds/${hold.id}/bulk-apply`, { token: admin.token, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    await api("PUT", `${BASE}/holds/${hold.id}`, { token: admin.token, body: { isActive: false } });
    const inactive = await api("POST", `${BASE}/holds/${hold.id}/bulk-apply`, { token: admin.token, body: { searchQuery: { query: "" } } });
    expect(inactive.status).toBe(409);
  });
});

describe("legal holds: access", () => {
  it("needs credentials, manage:all (read:archive for an email's holds) and the LEGAL_HOLDS feature", async () => {
    const admin = await setupAdmin();
    const reader = await createUserWithRole(admin.token, "predefined_read_only");
    const hold = await createHold(admin.token);
    const email = await insertTestEmail();
    expect((await api("GET", `${BASE}/holds`)).status).toBe(401);
    expect((await api("GET", `${BASE}/holds`, { token: reader.token })).status).toBe(403);
    expect((await api("POST", `${BASE}/holds`, { token: reader.token, body: { name: "x" } })).status).toBe(403);
    expect((await api("POST", `${BASE}/email/${email.id}/holds`, { token: reader.token, body: { holdId: hold.id } })).status).toBe(403);
    expect((await api("GET", `${BASE}/email/${email.id}/holds`, { token: reader.token })).status).toBe(200);
    await withEnv({ LICENSE_FEATURES: "RETENTION_POLICY" }, async () => {
      const disabled = await api("GET", `${BASE}/holds`, { token: admin.token });
      expect(disabled.status).toBe(403);
      expect(disabled.body.message).toContain("LEGAL_HOLDS");
    });
  });
});
