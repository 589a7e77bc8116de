import { describe, expect, it, vi } from "vitest";
import { principalForUser } from "../identity/auth/authenticate";
import { db } from "../platform/db/client";
import { PostgresSearchEngine } from "../search/postgres-search-engine";
import { withBulkSearchLimits } from "../search/search-transaction";
import { applyTag } from "./apply-tag";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { createCaseVia, createTagVia, EDISCOVERY, reviewerPolicies } from "@tests/helpers/ediscovery";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { whileTableLocked } from "@tests/helpers/lock-waits";
import { api } from "@tests/helpers/rest-client";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";

useEmptyDatabasePerTest();
const GHOST = "00000000-0000-4000-8000-000000000000";
const casePath = (id: string) => `${EDISCOVERY}/cases/${id}`;

async function mailboxes() {
  await ensureTestSource(); // once, before the concurrent inserts that use it
  const alice = await Promise.all(
    // Between alice and carol: bob, the custodian below, takes no part in them (custodian-mail.int.test.ts covers participants).
    [1, 2, 3].map((n) =>
      insertTestEmail({
        userEmail: "alice@example.com",
        recipients: [{ email: "carol@example.com" }],
        subject: `Merger ${n}`,
        bodyText: "merger plans",
      }),
    ),
  );
  const bob = await Promise.all(
    [1, 2].map((n) => insertTestEmail({ userEmail: "bob@example.com", subject: `Merger bob ${n}`, bodyText: "merger plans" })),
  );
  const other = await insertTestEmail({ userEmail: "alice@example.com", subject: "Lunch", bodyText: "sandwiches" });
  return { alice, bob, other };
}

async function saveMergerSearch(token: string, caseId: string) {
  return (await api("POST", `${casePath(caseId)}/searches`, { token, body: { name: "Merger", searchQuery: { query: "merger" } } })).body;
}

describe("saved searches", () => {
  it("creates, lists, gets, updates and deletes saved searches, each audited", async () => {
    const admin = await setupAdmin();
    const matter = await createCaseVia(admin.token);
    const created = await api("POST", `${casePath(matter.id)}/searches`, {
      token: admin.token,
      body: { name: "Merger", searchQuery: { query: " merger ", filters: { from: "Alice@Example.com" } } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      caseId: matter.id,
      name: "Merger",
      ignoreCustodians: false,
      searchQuery: { query: "merger", filters: { from: "alice@example.com" }, matchingStrategy: "last" },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      lastRunAt: null,
      lastCount: null,
    });
    const path = `${casePath(matter.id)}/searches/${created.body.id}`;
    expect((await api("GET", `${casePath(matter.id)}/searches`, { token: admin.token })).body).toEqual([created.body]);
    expect((await api("GET", path, { token: admin.token })).body).toEqual(created.body);
    const duplicate = await api("POST", `${casePath(matter.id)}/searches`, {
      token: admin.token,
      body: { name: "MERGER", searchQuery: { query: "" } },
    });
    expect(duplicate.status).toBe(409);
    const updated = await api("PUT", path, { token: admin.token, body: { name: "Merger v2", ignoreCustodians: true } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Merger v2", ignoreCustodians: true, searchQuery: created.body.searchQuery });
    expect((await api("GET", casePath(matter.id), { token: admin.token })).body.searches).toEqual([updated.body]);
    expect((await api("DELETE", path, { token: admin.token })).status).toBe(204);
    expect((await api("GET", path, { token: admin.token })).status).toBe(404);
    const actions = await db().auditLog.findMany({ where: { targetType: "EdiscoverySavedSearch" }, orderBy: { id: "asc" } });
    expect(actions.map((entry) => entry.actionType)).toEqual(["CREATE", "UPDATE", "DELETE"]);
  });

  it("answers 422 for invalid bodies, 404 for unknown searches and cases, 409 in a closed case", async () => {
    const admin = await setupAdmin();
    const matter = await createCaseVia(admin.token);
    const searches = `${casePath(matter.id)}/searches`;
    for (const body of [
      {},
      { name: "x" },
      { name: "x", searchQuery: { query: 5 } },
      { name: "", searchQuery: { query: "" } },
      { name: "x", searchQuery: { query: "", filters: { bogus: 1 } } },
    ]) {
      expect((await api("POST", searches, { token: admin.token, body })).status, JSON.stringify(body)).toBe(422);
    }
    expect((await api("PUT", `${searches}/${GHOST}`, { token: admin.token, body: {} })).status).toBe(422);
    for (const [method, suffix, body] of [
      ["GET", ""],
      ["PUT", "", { name: "y" }],
      ["DELETE", ""],
      ["POST", "/run"],
    ] as const) {
      expect((await api(method, `${searches}/${GHOST}${suffix}`, { token: admin.token, body })).status, `${method}${suffix}`).toBe(404);
    }
    expect(
      (await api("POST", `${casePath(GHOST)}/searches`, { token: admin.token, body: { name: "x", searchQuery: { query: "" } } })).status,
    ).toBe(404);
    const saved = (await api("POST", searches, { token: admin.token, body: { name: "All", searchQuery: { query: "" } } })).body;
    await api("PUT", casePath(matter.id), { token: admin.token, body: { status: "closed" } });
    const refused = await api("POST", searches, { token: admin.token, body: { name: "Late", searchQuery: { query: "" } } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("closed");
    expect((await api("PUT", `${searches}/${saved.id}`, { token: admin.token, body: { name: "z" } })).status).toBe(409);
    expect((await api("DELETE", `${searches}/${saved.id}`, { token: admin.token })).status).toBe(409);
    expect((await api("POST", `${searches}/${saved.id}/run`, { token: admin.token })).status).toBe(200);
  });

  it("runs within the custodians' mail unless told otherwise, and within the member's role conditions", async () => {
    const admin = await setupAdmin();
    const restricted = await createUserWithRole(admin.token, reviewerPolicies({ userEmail: "alice@example.com" }));
    const { alice, bob } = await mailboxes();
    const matter = await createCaseVia(admin.token, { name: "Merger", custodians: ["bob@example.com"], memberIds: [restricted.user.id] });
    const searches = `${casePath(matter.id)}/searches`;
    const scoped = (await api("POST", searches, { token: admin.token, body: { name: "Scoped", searchQuery: { query: "merger" } } })).body;
    const everywhere = (
      await api("POST", searches, { token: admin.token, body: { name: "All", searchQuery: { query: "merger" }, ignoreCustodians: true } })
    ).body;
    const run = await api("POST", `${searches}/${scoped.id}/run`, { token: admin.token });
    expect(run.status).toBe(200);
    expect(run.body.total).toBe(2);
    expect(run.body.sample.map((s: { id: string }) => s.id).sort()).toEqual(bob.map((e) => e.id).sort());
    expect(run.body.sample[0]).toMatchObject({ subject: expect.stringContaining("Merger"), snippet: expect.any(String) });
    expect((await api("POST", `${searches}/${everywhere.id}/run`, { token: admin.token })).body.total).toBe(5);
    const restrictedAll = await api("POST", `${searches}/${everywhere.id}/run`, { token: restricted.token });
    expect(restrictedAll.body.total).toBe(3);
    expect(restrictedAll.body.sample.map((s: { id: string }) => s.id).sort()).toEqual(alice.map((e) => e.id).sort());
    expect((await api("POST", `${searches}/${scoped.id}/run`, { token: restricted.token })).body).toEqual({ total: 0, sample: [] });
    const after = (await api("GET", `${searches}/${scoped.id}`, { token: admin.token })).body;
    expect(after).toMatchObject({ lastRunAt: expect.any(String), lastCount: 0 });
    const outsider = await createUserWithRole(admin.token, reviewerPolicies());
    expect((await api("POST", `${searches}/${scoped.id}/run`, { token: outsider.token })).status).toBe(404);
    expect((await api("GET", searches, { token: outsider.token })).status).toBe(404);
    expect(await db().auditLog.count({ where: { targetType: "EdiscoverySavedSearch", actionType: "SEARCH" } })).toBe(4);
  });
});

describe("review tags", () => {
  it("creates and lists tags with counts; 409 on a duplicate name, 422 on a bad one", async () => {
    const admin = await setupAdmin();
    const matter = await createCaseVia(admin.token);
    const tags = `${casePath(matter.id)}/tags`;
    const responsive = await api("POST", tags, { token: admin.token, body: { name: "Responsive" } });
    expect(responsive.status).toBe(201);
    expect(responsive.body).toEqual({
      id: expect.any(String),
      caseId: matter.id,
      name: "Responsive",
      emailCount: 0,
      createdAt: expect.any(String),
    });
    expect((await api("POST", tags, { token: admin.token, body: { name: "responsive" } })).status).toBe(409);
    expect((await api("POST", tags, { token: admin.token, body: { name: "" } })).status).toBe(422);
    await api("POST", tags, { token: admin.token, body: { name: "Privileged" } });
    expect((await api("GET", tags, { token: admin.token })).body.map((t: { name: string }) => t.name)).toEqual([
      "Responsive",
      "Privileged",
    ]);
    const other = await createCaseVia(admin.token, { name: "Other matter" });
    expect((await api("POST", `${casePath(other.id)}/tags`, { token: admin.token, body: { name: "Responsive" } })).status).toBe(201);
  });

  it("applies a tag to given emails idempotently, removes it, and audits each application", async () => {
    const admin = await setupAdmin();
    const { alice, other } = await mailboxes();
    const matter = await createCaseVia(admin.token);
    const tag = await createTagVia(admin.token, matter.id, "Responsive");
    const apply = `${casePath(matter.id)}/tags/${tag.id}/apply`;
    const first = await api("POST", apply, { token: admin.token, body: { emailIds: [alice[0].id, alice[1].id] } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ tagId: tag.id, emailsMatched: 2, emailsTagged: 2 });
    expect((await api("POST", apply, { token: admin.token, body: { emailIds: [alice[0].id, alice[1].id, other.id] } })).body).toEqual({
      tagId: tag.id,
      emailsMatched: 3,
      emailsTagged: 1,
    });
    const unknown = await api("POST", apply, { token: admin.token, body: { emailIds: [alice[2].id, GHOST] } });
    expect(unknown.status).toBe(404);
    for (const body of [{}, { emailIds: [] }, { emailIds: ["x"] }, { searchId: "x" }, { emailIds: [alice[0].id], searchId: GHOST }]) {
      expect((await api("POST", apply, { token: admin.token, body })).status, JSON.stringify(body)).toBe(422);
    }
    expect((await api("POST", apply, { token: admin.token, body: { searchId: GHOST } })).status).toBe(404);
    expect(
      (await api("POST", `${casePath(matter.id)}/tags/${GHOST}/apply`, { token: admin.token, body: { emailIds: [alice[0].id] } })).status,
    ).toBe(404);
    const removed = await api("POST", `${casePath(matter.id)}/tags/${tag.id}/remove`, {
      token: admin.token,
      body: { emailIds: [other.id, alice[2].id] },
    });
    expect(removed.body).toEqual({ tagId: tag.id, emailsUntagged: 1 });
    expect((await api("GET", `${casePath(matter.id)}/tags`, { token: admin.token })).body[0].emailCount).toBe(2);
    const audit = await db().auditLog.findMany({ where: { targetType: "EdiscoveryTag" }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => entry.actionType)).toEqual(["CREATE", "TAG_APPLY", "TAG_APPLY", "TAG_REMOVE"]);
    expect(audit[1].details).toMatchObject({ caseId: matter.id, source: { emailIds: [alice[0].id, alice[1].id] }, emailsTagged: 2 });
    expect((await api("DELETE", `${casePath(matter.id)}/tags/${tag.id}`, { token: admin.token })).status).toBe(204);
    expect(await db().ediscoveryTaggedEmail.count()).toBe(0);
    expect((await api("DELETE", `${casePath(matter.id)}/tags/${tag.id}`, { token: admin.token })).status).toBe(404);
  });

  it("bulk-tags every match of a saved search across pages, within the member's role conditions", async () => {
    const admin = await setupAdmin();
    const restricted = await createUserWithRole(admin.token, reviewerPolicies({ userEmail: "alice@example.com" }));
    const { alice, bob } = await mailboxes();
    const matter = await createCaseVia(admin.token, { name: "Merger", memberIds: [restricted.user.id] });
    const saved = await saveMergerSearch(admin.token, matter.id);
    const tag = await createTagVia(admin.token, matter.id, "Responsive");
    const principal = await principalForUser(restricted.user.id, "127.0.0.1", "token");
    const restrictedRun = await applyTag({ principal: principal!, caseId: matter.id, tagId: tag.id, input: { searchId: saved.id } });
    expect(restrictedRun).toEqual({ tagId: tag.id, emailsMatched: 3, emailsTagged: 3 });
    const tagged = await db().ediscoveryTaggedEmail.findMany({ where: { tagId: tag.id } });
    expect(tagged.map((t) => t.emailId).sort()).toEqual(alice.map((e) => e.id).sort());

    // The path of an engine whose index is not in the database (Meilisearch): ids read page by page.
    const pagedEngine = new PostgresSearchEngine();
    Object.defineProperty(pagedEngine, "matchingCondition", { value: undefined });
    const pagedTag = await createTagVia(admin.token, matter.id, "Paged");
    const pagedRun = await applyTag({
      principal: principal!,
      caseId: matter.id,
      tagId: pagedTag.id,
      input: { searchId: saved.id },
      paged: { engine: pagedEngine, pageSize: 2 },
    });
    expect(pagedRun).toEqual({ tagId: pagedTag.id, emailsMatched: 3, emailsTagged: 3 });
    const pagedLinks = await db().ediscoveryTaggedEmail.findMany({ where: { tagId: pagedTag.id } });
    expect(pagedLinks.map((t) => t.emailId).sort()).toEqual(alice.map((e) => e.id).sort());
    const full = await api("POST", `${casePath(matter.id)}/tags/${tag.id}/apply`, { token: admin.token, body: { searchId: saved.id } });
    expect(full.body).toEqual({ tagId: tag.id, emailsMatched: 5, emailsTagged: 2 });
    expect(await db().ediscoveryTaggedEmail.count({ where: { emailId: { in: bob.map((e) => e.id) } } })).toBe(2);
    const bobs = await api("POST", `${casePath(matter.id)}/tags/${tag.id}/apply`, {
      token: restricted.token,
      body: { emailIds: [bob[0].id] },
    });
    expect(bobs.status).toBe(404);
  });

  it("stops a bulk tagging that outlives the bulk search bound with a 503, tagging nothing, and keeps the transaction's own bounds", async () => {
    const admin = await setupAdmin();
    await mailboxes();
    const matter = await createCaseVia(admin.token);
    const saved = await saveMergerSearch(admin.token, matter.id);
    const tag = await createTagVia(admin.token, matter.id, "Responsive");
    const apply = () => api("POST", `${casePath(matter.id)}/tags/${tag.id}/apply`, { token: admin.token, body: { searchId: saved.id } });
    vi.stubEnv("BULK_SEARCH_TIMEOUT_MS", "1000");
    try {
      const stopped = await whileTableLocked("archived_emails", 2_500, apply);
      expect(stopped.status).toBe(503);
      expect(stopped.body).toEqual({
        status: "error",
        statusCode: 503,
        message: expect.stringMatching(/^Tagging every match of the search took longer than 1 s/),
        errors: null,
      });
      expect(await db().ediscoveryTaggedEmail.count()).toBe(0);
      expect(await db().auditLog.count({ where: { actionType: "TAG_APPLY" } })).toBe(0);
    } finally {
      vi.unstubAllEnvs();
    }
    // Past the bulk statement the transaction's own settings are back: a 1 ms timeout would stop the audit entry.
    const settings = await db().$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL statement_timeout = 4321");
      await withBulkSearchLimits(tx, "Probe", async () => {
        expect(await tx.$queryRawUnsafe("SELECT current_setting('statement_timeout') AS t")).toEqual([{ t: "5min" }]);
      });
      return tx.$queryRawUnsafe("SELECT current_setting('statement_timeout') AS t");
    });
    expect(settings).toEqual([{ t: "4321ms" }]);
    expect((await apply()).body).toMatchObject({ emailsMatched: 5, emailsTagged: 5 });
  });

  it("hides tags from non-members and refuses tagging in a closed case (409)", async () => {
    const admin = await setupAdmin();
    const outsider = await createUserWithRole(admin.token, reviewerPolicies());
    const email = await insertTestEmail();
    const matter = await createCaseVia(admin.token);
    const tag = await createTagVia(admin.token, matter.id, "Responsive");
    expect((await api("GET", `${casePath(matter.id)}/tags`, { token: outsider.token })).status).toBe(404);
    expect((await api("POST", `${casePath(matter.id)}/tags`, { token: outsider.token, body: { name: "Mine" } })).status).toBe(404);
    expect(
      (await api("POST", `${casePath(matter.id)}/tags/${tag.id}/apply`, { token: outsider.token, body: { emailIds: [email.id] } })).status,
    ).toBe(404);
    await api("PUT", casePath(matter.id), { token: admin.token, body: { status: "closed" } });
    expect(
      (await api("POST", `${casePath(matter.id)}/tags/${tag.id}/apply`, { token: admin.token, body: { emailIds: [email.id] } })).status,
    ).toBe(409);
    expect(
      (await api("POST", `${casePath(matter.id)}/tags/${tag.id}/remove`, { token: admin.token, body: { emailIds: [email.id] } })).status,
    ).toBe(409);
    expect((await api("POST", `${casePath(matter.id)}/tags`, { token: admin.token, body: { name: "Late" } })).status).toBe(409);
    expect((await api("DELETE", `${casePath(matter.id)}/tags/${tag.id}`, { token: admin.token })).status).toBe(409);
    expect((await api("GET", `${casePath(matter.id)}/tags`, { token: admin.token })).status).toBe(200);
  });
});
