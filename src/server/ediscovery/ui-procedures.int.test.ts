import { appendFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "../platform/db/client";
import { ingestBatch } from "../capture/ingestion/ingest-batch";
import { exportDirectory } from "./export/production-format";
import { runNextExport } from "./export/run-export";
import { createUserWithRole, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { createCaseVia, createTagVia, EDISCOVERY, reviewerPolicies } from "@tests/helpers/ediscovery";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { buildMessage } from "@tests/helpers/mail";
import { api } from "@tests/helpers/rest-client";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { sessionCookieFor, trpcHttp, uiHeaders } from "@tests/helpers/trpc-http";
import { withEnv } from "@tests/helpers/with-env";

/** The tRPC procedures only the case workspace uses (ediscovery.taggedEmails, ediscovery.verifyExport). */
useEmptyDatabasePerTest();

const GHOST = "00000000-0000-4000-8000-000000000000";
const casePath = (id: string) => `${EDISCOVERY}/cases/${id}`;
const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
const call = (name: string, input: unknown, user: TestUser) => trpcHttp(`ediscovery.${name}`, input, bearer(user));
async function data<T>(response: Response): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}
interface TaggedPage {
  items: { id: string; subject: string; caseTagIds: string[] }[];
  next: { sentAt: string; id: string } | null;
}

describe("ediscovery.taggedEmails", () => {
  it("lists the case's tagged emails newest first with their tags, by tag, by ids, by keyset pages, within role conditions", async () => {
    const admin = await setupAdmin();
    const restricted = await createUserWithRole(admin.token, reviewerPolicies({ userEmail: "alice@example.com" }));
    await ensureTestSource();
    const emails = [];
    for (const [day, userEmail] of [
      [1, "alice@example.com"],
      [2, "alice@example.com"],
      [3, "bob@example.com"],
      [4, "alice@example.com"],
    ] as const) {
      emails.push(await insertTestEmail({ userEmail, subject: `Day ${day}`, sentAt: new Date(`2024-01-0${day}T12:00:00Z`) }));
    }
    const matter = await createCaseVia(admin.token, { name: "Matter", memberIds: [restricted.user.id] });
    const other = await createCaseVia(admin.token, { name: "Other matter" });
    const tag = (caseId: string, name: string) => createTagVia(admin.token, caseId, name);
    const responsive = await tag(matter.id, "Responsive");
    const privileged = await tag(matter.id, "Privileged");
    const elsewhere = await tag(other.id, "Responsive");
    const apply = (caseId: string, tagId: string, ids: string[]) =>
      api("POST", `${casePath(caseId)}/tags/${tagId}/apply`, { token: admin.token, body: { emailIds: ids } });
    await apply(matter.id, responsive.id, [emails[0].id, emails[1].id, emails[2].id]);
    await apply(matter.id, privileged.id, [emails[1].id]);
    await apply(other.id, elsewhere.id, [emails[3].id]);

    const all = await data<TaggedPage>(await call("taggedEmails", { id: matter.id }, admin));
    expect(all.items.map((item) => [item.subject, item.caseTagIds])).toEqual([
      ["Day 3", [responsive.id]],
      ["Day 2", [responsive.id, privileged.id]],
      ["Day 1", [responsive.id]],
    ]);
    expect(all.next).toBeNull();
    const byTag = await data<TaggedPage>(await call("taggedEmails", { id: matter.id, tagId: privileged.id }, admin));
    expect(byTag.items.map((item) => item.subject)).toEqual(["Day 2"]);
    const byIds = await data<TaggedPage>(await call("taggedEmails", { id: matter.id, emailIds: [emails[0].id, emails[3].id] }, admin));
    expect(byIds.items.map((item) => item.subject)).toEqual(["Day 1"]);

    const first = await data<TaggedPage>(await call("taggedEmails", { id: matter.id, limit: 2 }, admin));
    expect(first.items.map((item) => item.subject)).toEqual(["Day 3", "Day 2"]);
    const second = await data<TaggedPage>(await call("taggedEmails", { id: matter.id, limit: 2, cursor: first.next }, admin));
    expect(second.items.map((item) => item.subject)).toEqual(["Day 1"]);
    expect(second.next).toBeNull();

    const seenByRestricted = await data<TaggedPage>(await call("taggedEmails", { id: matter.id }, restricted));
    expect(seenByRestricted.items.map((item) => item.subject)).toEqual(["Day 2", "Day 1"]);
  });

  it("answers 422 for bad input, 404 for an unknown case or tag and for a non-member", async () => {
    const admin = await setupAdmin();
    const outsider = await createUserWithRole(admin.token, reviewerPolicies());
    const matter = await createCaseVia(admin.token);
    for (const input of [
      {},
      { id: "x" },
      { id: matter.id, tagId: "x" },
      { id: matter.id, limit: 0 },
      { id: matter.id, limit: 201 },
      { id: matter.id, emailIds: [] },
      { id: matter.id, cursor: { sentAt: "yesterday", id: GHOST } },
    ]) {
      expect((await call("taggedEmails", input, admin)).status, JSON.stringify(input)).toBe(422);
    }
    expect((await call("taggedEmails", { id: GHOST }, admin)).status).toBe(404);
    expect((await call("taggedEmails", { id: matter.id, tagId: GHOST }, admin)).status).toBe(404);
    expect((await call("taggedEmails", { id: matter.id }, outsider)).status).toBe(404);
  });
});

// Ingests real messages and runs the worker's code: slow on a busy machine.
const SLOW = { timeout: 300_000 };

describe("ediscovery.verifyExport", () => {
  it("verifies a completed production with the installation key, detects a tampered message, refuses one not completed", SLOW, async () => {
    const admin = await setupAdmin();
    const outsider = await createUserWithRole(admin.token, reviewerPolicies());
    const raws = [buildMessage({ subject: "Merger one", body: "merger" }), buildMessage({ subject: "Merger two", body: "merger" })];
    const outcomes = await ingestBatch({
      sourceId: await ensureTestSource(),
      userEmail: "alice@example.com",
      messages: raws.map((raw) => ({ raw })),
    });
    const matter = await createCaseVia(admin.token);
    const created = await api("POST", `${casePath(matter.id)}/exports`, {
      token: admin.token,
      body: { name: "Production", source: { searchQuery: { query: "merger" } }, format: "eml" },
    });
    const ids = { id: matter.id, exportId: created.body.id };
    const early = await call("verifyExport", ids, admin);
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("only a completed export can be verified");
    while (await runNextExport());

    const verified = await data<Record<string, unknown>>(await call("verifyExport", ids, admin));
    expect(verified).toMatchObject({
      ok: true,
      problems: [],
      messages: 2,
      keyFromZip: false,
      exportId: created.body.id,
      manifestSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    // The workspace's download link: the production under the session cookie, audited as DOWNLOAD; 404 for a non-member.
    const download = `/api/ui/ediscovery/cases/${matter.id}/exports/${created.body.id}/download`;
    const zip = await api("GET", download, { headers: uiHeaders(await sessionCookieFor(admin.user.id, admin.user.email)) });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(await db().auditLog.count({ where: { actionType: "DOWNLOAD", targetId: created.body.id } })).toBe(1);
    expect((await api("GET", download, { headers: uiHeaders(await sessionCookieFor(outsider.user.id, outsider.user.email)) })).status).toBe(
      404,
    );
    expect((await api("GET", download, { token: admin.token })).status).toBe(401);

    // The message's last byte changed in place, in the chunk of the production that holds it.
    const emailId = outcomes[0].status === "imported" ? outcomes[0].emailId : "";
    const messages = path.join(exportDirectory(created.body.id), "messages");
    const stored = readdirSync(messages)
      .map((name) => path.join(messages, name))
      .find((chunk) => readFileSync(chunk).includes(raws[0]))!;
    const chunk = readFileSync(stored);
    chunk[chunk.indexOf(raws[0]) + raws[0].length - 1] = "#".charCodeAt(0);
    writeFileSync(stored, chunk);
    const tampered = await data<{ ok: boolean; problems: string[] }>(await call("verifyExport", ids, admin));
    expect(tampered.ok).toBe(false);
    expect(tampered.problems.join("\n")).toContain(emailId);
    appendFileSync(stored, "longer");
    const resized = await data<{ ok: boolean; problems: string[] }>(await call("verifyExport", ids, admin));
    expect(resized).toMatchObject({ ok: false, problems: [expect.stringContaining("cannot be read back")] });

    for (const input of [{}, { id: matter.id }, { id: matter.id, exportId: "x" }]) {
      expect((await call("verifyExport", input, admin)).status, JSON.stringify(input)).toBe(422);
    }
    expect((await call("verifyExport", { id: matter.id, exportId: GHOST }, admin)).status).toBe(404);
    expect((await call("verifyExport", ids, outsider)).status).toBe(404);
  });

  it("counts against the export rate limit (429)", SLOW, async () => {
    await withEnv({ RATE_LIMIT_EXPORT: "1" }, async () => {
      const admin = await setupAdmin();
      const matter = await createCaseVia(admin.token);
      expect((await call("verifyExport", { id: matter.id, exportId: GHOST }, admin)).status).toBe(404);
      expect((await call("verifyExport", { id: matter.id, exportId: GHOST }, admin)).status).toBe(429);
    });
  });
});

describe("case members by name", () => {
  it("shows members by name and offers the accounts by name to a case manager who may not list users", async () => {
    const admin = await setupAdmin();
    const officer = await createUserWithRole(admin.token, "predefined_compliance_officer", "officer@example.com");
    const reviewer = await createUserWithRole(admin.token, "predefined_reviewer", "rita@example.com");
    expect((await api("GET", "/v1/users", { token: officer.token })).status).toBe(403);
    const matter = await createCaseVia(officer.token, { name: "Named", memberIds: [reviewer.user.id] });

    const shown = await data<{ memberIds: string[]; members: { id: string; name: string; email: string }[] }>(
      await call("get", { id: matter.id }, officer),
    );
    // Its creator is a member too; each is named, in the order of memberIds.
    expect(shown.members).toEqual(
      expect.arrayContaining([
        { id: reviewer.user.id, name: "Test User", email: "rita@example.com" },
        { id: officer.user.id, name: "Test User", email: "officer@example.com" },
      ]),
    );
    expect(shown.members.map((member) => member.id)).toEqual(shown.memberIds);
    const candidates = await data<{ id: string; name: string; email: string }[]>(await call("memberCandidates", undefined, officer));
    expect(candidates).toEqual(
      expect.arrayContaining([
        { id: reviewer.user.id, name: "Test User", email: "rita@example.com" },
        { id: officer.user.id, name: "Test User", email: "officer@example.com" },
      ]),
    );
    // Names and addresses only: nothing of roles or permissions.
    expect(Object.keys(candidates[0]).sort()).toEqual(["email", "id", "name"]);
    expect((await call("memberCandidates", undefined, reviewer)).status).toBe(403);
  });
});
