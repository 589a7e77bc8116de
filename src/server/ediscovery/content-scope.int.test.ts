import { beforeAll, describe, expect, it } from "vitest";
import { encryptSecret } from "../platform/config/encryption";
import { db } from "../platform/db/client";
import { ingestBatch } from "../capture/ingestion/ingest-batch";
import { runNextExport } from "./export/run-export";
import { createUserWithRole, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { createCaseVia, createTagVia, EDISCOVERY, reviewerPolicies } from "@tests/helpers/ediscovery";
import { ensureTestSource } from "@tests/helpers/emails";
import { buildMessage } from "@tests/helpers/mail";
import { api } from "@tests/helpers/rest-client";
import { sessionCookieFor, trpcHttp, uiHeaders } from "@tests/helpers/trpc-http";

/**
 * Issue 34, items 1 and 14: content leaves the archive only within the caller's scope
 * (src/server/identity/authz/content-scope.ts). One database for the file: the scenario is built once.
 */
const GHOST = "00000000-0000-4000-8000-000000000000";
const casePath = (id: string) => `${EDISCOVERY}/cases/${id}`;
const SLOW = { timeout: 300_000 };

let admin: TestUser;
/** Reads alice's mail only, manages cases, member of the case. */
let alice: TestUser;
/** Alice's conditions written differently (case of the address): the same scope. */
let aliceAgain: TestUser;
/** Reads bob's mail only, member of the case. */
let bob: TestUser;
/** Manages cases but may not read the archive at all, member of the case. */
let noArchive: TestUser;
let ids: { alice: string; bob: string };
let matterId: string;
let otherMatterId: string;
/** Made by the admin (unrestricted): holds alice's and bob's mail. */
let wholeExport: string;
/** Made by alice: holds alice's mail only, recorded under her conditions. */
let aliceExport: string;
/** An export of the other case. */
let foreignExport: string;

async function ingestOne(userEmail: string, subject: string): Promise<string> {
  const [outcome] = await ingestBatch({
    sourceId: await ensureTestSource(),
    userEmail,
    messages: [{ raw: buildMessage({ subject, body: "merger" }) }],
  });
  if (outcome.status !== "imported") throw new Error(JSON.stringify(outcome));
  return outcome.emailId;
}

async function exportVia(user: TestUser, caseId: string, name: string): Promise<string> {
  const created = await api("POST", `${casePath(caseId)}/exports`, {
    token: user.token,
    body: { name, source: { searchQuery: { query: "merger" } }, format: "eml" },
  });
  expect(created.status, created.text).toBe(202);
  return created.body.id;
}

const download = (user: TestUser, exportId: string, caseId = matterId) =>
  api("GET", `${casePath(caseId)}/exports/${exportId}/download`, { token: user.token });
const uiDownload = async (user: TestUser, exportId: string) =>
  api("GET", `/api/ui/ediscovery/cases/${matterId}/exports/${exportId}/download`, {
    headers: uiHeaders(await sessionCookieFor(user.user.id, user.user.email)),
  });
const verify = (user: TestUser, exportId: string) =>
  trpcHttp("ediscovery.verifyExport", { id: matterId, exportId }, { authorization: `Bearer ${user.token}` });

beforeAll(async () => {
  admin = await setupAdmin();
  alice = await createUserWithRole(admin.token, reviewerPolicies({ userEmail: "alice@example.com" }));
  aliceAgain = await createUserWithRole(admin.token, reviewerPolicies({ userEmail: "Alice@Example.COM" }));
  bob = await createUserWithRole(admin.token, reviewerPolicies({ userEmail: "bob@example.com" }));
  noArchive = await createUserWithRole(admin.token, [{ action: "manage", subject: "ediscovery" }]);
  ids = { alice: await ingestOne("alice@example.com", "Alice merger"), bob: await ingestOne("bob@example.com", "Bob merger") };
  const members = [alice, aliceAgain, bob, noArchive].map((user) => user.user.id);
  matterId = (await createCaseVia(admin.token, { name: "Matter", memberIds: members })).id;
  otherMatterId = (await createCaseVia(admin.token, { name: "Other matter", memberIds: members })).id;
  wholeExport = await exportVia(admin, matterId, "Everything");
  aliceExport = await exportVia(alice, matterId, "Alice's");
  foreignExport = await exportVia(admin, otherMatterId, "Elsewhere");
  while (await runNextExport());
}, 300_000);

describe("downloading and verifying a production (item 1)", () => {
  it(
    "refuses a restricted member a production made under a wider scope: REST, the UI's download and verify (403 naming why)",
    SLOW,
    async () => {
      for (const answer of [await download(alice, wholeExport), await uiDownload(alice, wholeExport)]) {
        expect(answer.status, answer.text).toBe(403);
        expect(answer.body.message).toContain("read:archive conditions do not cover");
      }
      const verified = await verify(alice, wholeExport);
      expect(verified.status).toBe(403);
      expect(await verified.text()).toContain("read:archive conditions do not cover");
      expect(await db().auditLog.count({ where: { targetId: wholeExport, actionType: { in: ["DOWNLOAD", "VERIFY"] } } })).toBe(0);
    },
  );

  it("refuses a member without read:archive, whoever added them", SLOW, async () => {
    const answer = await download(noArchive, wholeExport);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toContain("your role may not read archived mail");
    expect((await download(noArchive, aliceExport)).status).toBe(403);
    expect((await verify(noArchive, aliceExport)).status).toBe(403);
  });

  it("lets a member of the case added by a manager download only within the added user's own scope", SLOW, async () => {
    const added = await createUserWithRole(admin.token, [{ action: "read", subject: "ediscovery" }]);
    const update = await api("PUT", casePath(matterId), {
      token: alice.token,
      body: { memberIds: [alice, aliceAgain, bob, noArchive, added].map((user) => user.user.id) },
    });
    expect(update.status, update.text).toBe(200);
    expect((await download(added, wholeExport)).status).toBe(403);
    expect((await download(added, aliceExport)).status).toBe(403);
  });

  it("lets through a caller whose scope covers the recorded one: the same conditions, or unrestricted", SLOW, async () => {
    for (const user of [alice, aliceAgain, admin]) expect((await download(user, aliceExport)).status).toBe(200);
    expect((await uiDownload(aliceAgain, aliceExport)).status).toBe(200);
    expect((await download(admin, wholeExport)).status).toBe(200);
    expect((await download(bob, aliceExport)).status).toBe(403);
    const verified = await verify(alice, aliceExport);
    expect(verified.status).toBe(200);
  });

  it("audits a verification (VERIFY, with the case) and a case read (READ)", SLOW, async () => {
    await verify(admin, wholeExport);
    const entry = await db().auditLog.findFirstOrThrow({ where: { actionType: "VERIFY", targetId: wholeExport } });
    expect(entry.details).toMatchObject({ caseId: matterId, ok: true, messages: 2, problems: 0 });
    expect((await api("GET", casePath(matterId), { token: bob.token })).status).toBe(200);
    const read = await db().auditLog.findFirstOrThrow({
      where: { actionType: "READ", targetType: "EdiscoveryCase" },
      orderBy: { id: "desc" },
    });
    expect(read).toMatchObject({ targetId: matterId, details: { actorUserId: bob.user.id } });
  });
});

describe("an export of another case (item 14)", () => {
  it("answers the same 404 as a missing export, on every export route and on restore", SLOW, async () => {
    const exportsPath = `${casePath(matterId)}/exports`;
    for (const [method, suffix] of [
      ["GET", ""],
      ["GET", "/download"],
      ["POST", "/cancel"],
    ] as const) {
      const foreign = await api(method, `${exportsPath}/${foreignExport}${suffix}`, { token: admin.token });
      const missing = await api(method, `${exportsPath}/${GHOST}${suffix}`, { token: admin.token });
      expect([foreign.status, foreign.body], `${method} ${suffix}`).toEqual([404, missing.body]);
    }
    // Restore names the export alone: one in a case the caller does not work on is a missing one too.
    const outsider = await createUserWithRole(admin.token, [
      { action: "manage", subject: "ediscovery" },
      { action: "read", subject: "archive" },
      { action: "restore", subject: "archive" },
    ]);
    // Restore reads the source's settings first; nothing connects to it before the export is found.
    const source = await db().ingestionSource.create({
      data: {
        name: "Mailbox",
        nameKey: "mailbox",
        provider: "imap",
        config: { host: "127.0.0.1", port: 1, secure: false, username: "nobody", passwordEncrypted: encryptSecret("unused") },
      },
    });
    const restore = (exportId: string) =>
      api("POST", "/v1/archived-emails/restore", { token: outsider.token, body: { exportId, ingestionSourceId: source.id } });
    const foreign = await restore(foreignExport);
    const missing = await restore(GHOST);
    expect([foreign.status, foreign.body]).toEqual([404, missing.body]);
  });
});

describe("review tags inside a case (item 14)", () => {
  it("counts a tag's emails within the member's scope, and keeps a member from untagging mail they cannot read", SLOW, async () => {
    const tag = await createTagVia(admin.token, matterId, "Responsive");
    const tagPath = `${casePath(matterId)}/tags/${tag.id}`;
    const applied = await api("POST", `${tagPath}/apply`, { token: admin.token, body: { emailIds: [ids.alice, ids.bob] } });
    expect(applied.body).toMatchObject({ emailsTagged: 2 });
    const countFor = async (user: TestUser) =>
      (await api("GET", `${casePath(matterId)}/tags`, { token: user.token })).body.find((item: { id: string }) => item.id === tag.id)
        .emailCount;
    expect([await countFor(admin), await countFor(alice), await countFor(bob), await countFor(noArchive)]).toEqual([2, 1, 1, 0]);

    const removed = await api("POST", `${tagPath}/remove`, { token: alice.token, body: { emailIds: [ids.bob] } });
    expect(removed.status).toBe(404);
    const mixed = await api("POST", `${tagPath}/remove`, { token: alice.token, body: { emailIds: [ids.alice, ids.bob] } });
    expect(mixed.status).toBe(404);
    expect(await db().ediscoveryTaggedEmail.count({ where: { tagId: tag.id } })).toBe(2);
    const deleted = await api("DELETE", tagPath, { token: alice.token });
    expect(deleted.status).toBe(403);
    expect(deleted.body.message).toContain("emails your role may not read");
    expect(await db().ediscoveryTaggedEmail.count({ where: { tagId: tag.id } })).toBe(2);

    expect((await api("POST", `${tagPath}/remove`, { token: bob.token, body: { emailIds: [ids.bob] } })).body).toMatchObject({
      emailsUntagged: 1,
    });
    expect((await api("DELETE", tagPath, { token: alice.token })).status).toBe(204);
  });
});
