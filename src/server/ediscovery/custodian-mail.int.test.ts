import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../platform/db/client";
import { startJournalListener, type JournalListener } from "../capture/journal/journal-listener";
import { journalTlsCredentials } from "../capture/journal/journal-tls";
import { exportItemsAfter } from "./exports.queries";
import { runNextExport } from "./export/run-export";
import { createUserWithRole, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { createCaseVia, createTagVia, EDISCOVERY, reviewerPolicies } from "@tests/helpers/ediscovery";
import { buildMessage, mboxOf } from "@tests/helpers/mail";
import { api } from "@tests/helpers/rest-client";
import { sendSmtp } from "@tests/helpers/smtp-client";
import { trpcHttp } from "@tests/helpers/trpc-http";

/**
 * Custodians match their mail wherever it was captured (docs/ediscovery.md, "How custodians match"):
 * bob is a custodian; none of the mail below sits in his mailbox. The shared mailbox holds mail to
 * him (To, Cc with other letter case, Bcc) and from him, and mail he has no part in; the journal
 * holds a message that names him only in its SMTP envelope (his domain is not one of the journal's
 * internal domains, so he is no journaled participant either).
 */
const CUSTODIAN = "bob@example.com";
const SHARED = "shared@example.com";
const JOURNAL = "journal@archive.test";
const casePath = (id: string) => `${EDISCOVERY}/cases/${id}`;

let listener: JournalListener;
let admin: TestUser;
const ids: Record<string, string> = {};

const shared = [
  buildMessage({ subject: "Pricing to bob", from: "carol@example.com", to: ["Bob <bob@example.com>"], body: "pricing grid" }),
  buildMessage({
    subject: "Pricing cc bob",
    from: "carol@example.com",
    to: ["dave@example.com"],
    cc: ["Bob <Bob@Example.COM>"],
    body: "pricing grid",
  }),
  buildMessage({ subject: "Pricing bcc bob", from: "carol@example.com", to: ["dave@example.com"], bcc: [CUSTODIAN], body: "pricing grid" }),
  buildMessage({ subject: "Pricing from bob", from: "Bob <bob@example.com>", to: ["dave@example.com"], body: "pricing grid" }),
  buildMessage({ subject: "Pricing without bob", from: "carol@example.com", to: ["dave@example.com"], body: "pricing grid" }),
];
const FOUND = ["Pricing bcc bob", "Pricing cc bob", "Pricing from bob", "Pricing journal envelope bob", "Pricing to bob"];

beforeAll(async () => {
  admin = await setupAdmin();
  const upload = await api("POST", "/v1/ingestion-sources", {
    token: admin.token,
    body: { name: "Shared", provider: "upload", config: {} },
  });
  const imported = await api("POST", `/v1/ingestion-sources/${upload.body.id}/import?userEmail=${SHARED}`, {
    token: admin.token,
    rawBody: new Uint8Array(mboxOf(shared)),
    headers: { "content-type": "application/mbox" },
  });
  expect(imported.body).toEqual({ imported: 5, duplicates: 0, failed: [] });

  listener = await startJournalListener({
    host: "127.0.0.1",
    port: 0,
    maxBytes: 10_000_000,
    tls: await journalTlsCredentials(),
    sourcesMaxAgeMs: 0,
  });
  await api("POST", "/v1/ingestion-sources", {
    token: admin.token,
    body: { name: "Journal", provider: "smtp-journal", config: { recipientAddress: JOURNAL, internalDomains: ["corp.test"] } },
  });
  const journaled = buildMessage({
    subject: "Pricing journal envelope bob",
    from: "sam@corp.test",
    to: ["erin@corp.test"],
    body: "pricing grid",
  });
  const sent = await sendSmtp({ port: listener.port, from: "sam@corp.test", to: ["erin@corp.test", CUSTODIAN, JOURNAL], raw: journaled });
  expect(sent.code, sent.response).toBe(250);

  for (const email of await db().archivedEmail.findMany({ select: { id: true, subject: true } })) ids[email.subject] = email.id;
  const journal = await db().archivedEmail.findUniqueOrThrow({ where: { id: ids["Pricing journal envelope bob"] } });
  expect(journal).toMatchObject({
    userEmail: JOURNAL,
    envelopeRecipients: ["erin@corp.test", CUSTODIAN],
    participantEmails: expect.not.arrayContaining([CUSTODIAN]),
  });
  expect(await db().archivedEmail.count({ where: { userEmail: CUSTODIAN } })).toBe(0);
});
afterAll(async () => listener?.close());

async function caseWithSearch(memberIds: string[] = []) {
  const matter = await createCaseVia(admin.token, { name: `Pricing ${Math.random()}`, custodians: ["Bob@Example.com"], memberIds });
  const search = await api("POST", `${casePath(matter.id)}/searches`, {
    token: admin.token,
    body: { name: "Pricing", searchQuery: { query: "pricing" } },
  });
  expect(search.status).toBe(201);
  return { caseId: matter.id as string, searchId: search.body.id as string };
}

const subjectsOf = (emailIds: string[]) =>
  emailIds.map((id) => Object.entries(ids).find(([, candidate]) => candidate === id)?.[0] ?? id).sort();

/** The case workspace's run (UI only): the run's answer and the matches outside the custodians' mail. */
async function workspaceRun(user: TestUser, caseId: string, searchId: string) {
  const response = await trpcHttp("ediscovery.runSearchWithElsewhere", { id: caseId, searchId }, { authorization: `Bearer ${user.token}` });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { result: { data: { total: number; sample: { id: string }[]; elsewhere: number | null } } }).result
    .data;
}

describe("custodians match their mail wherever it was captured", () => {
  it("a case search finds the custodian's mail in a shared mailbox (To, Cc, Bcc, From) and in the journal (envelope), and nothing else", async () => {
    const { caseId, searchId } = await caseWithSearch();
    const run = await api("POST", `${casePath(caseId)}/searches/${searchId}/run`, { token: admin.token });
    expect(run.status).toBe(200);
    expect(run.body.total).toBe(FOUND.length);
    expect(subjectsOf(run.body.sample.map((email: { id: string }) => email.id))).toEqual(FOUND);
    // The REST answer is unchanged in shape; the workspace's run adds where the other matches are.
    expect(Object.keys(run.body).sort()).toEqual(["sample", "total"]);
    const workspace = await workspaceRun(admin, caseId, searchId);
    expect(workspace).toMatchObject({ total: FOUND.length, elsewhere: 1 });
    const audit = await db().auditLog.findFirstOrThrow({ where: { targetId: searchId, actionType: "SEARCH" }, orderBy: { id: "desc" } });
    expect(audit.details).toMatchObject({ total: FOUND.length, elsewhere: 1 });
  });

  it("tags by search and exports exactly the custodian's mail", async () => {
    const { caseId, searchId } = await caseWithSearch();
    const tag = await createTagVia(admin.token, caseId, "Responsive");
    const applied = await api("POST", `${casePath(caseId)}/tags/${tag.id}/apply`, { token: admin.token, body: { searchId } });
    expect(applied.body).toEqual({ tagId: tag.id, emailsMatched: FOUND.length, emailsTagged: FOUND.length });
    const tagged = await db().ediscoveryTaggedEmail.findMany({ where: { tagId: tag.id }, select: { emailId: true } });
    expect(subjectsOf(tagged.map((link) => link.emailId))).toEqual(FOUND);

    for (const source of [{ searchId }, { searchQuery: { query: "pricing" } }]) {
      const created = await api("POST", `${casePath(caseId)}/exports`, {
        token: admin.token,
        body: { name: `Export ${Math.random()}`, source, format: "eml" },
      });
      expect(created.status, created.text).toBe(202);
      while (await runNextExport());
      const done = await api("GET", `${casePath(caseId)}/exports/${created.body.id}`, { token: admin.token });
      expect(done.body).toMatchObject({ status: "completed", totalItems: FOUND.length, processedItems: FOUND.length });
      const items = await exportItemsAfter(db(), created.body.id, 0, 100);
      expect(subjectsOf(items.map((item) => item.email_id))).toEqual(FOUND);
    }
  });

  it("a role-scoped member sees only what the role allows, and the count elsewhere never reveals more", async () => {
    const sharedReader = await createUserWithRole(admin.token, reviewerPolicies({ userEmail: SHARED }));
    const bobReader = await createUserWithRole(admin.token, reviewerPolicies({ userEmail: CUSTODIAN }));
    const { caseId, searchId } = await caseWithSearch([sharedReader.user.id, bobReader.user.id]);
    // The shared mailbox's reader: bob's mail there, not the journal's; elsewhere only the shared mail without bob.
    const shared = await workspaceRun(sharedReader, caseId, searchId);
    expect(shared.total).toBe(4);
    expect(subjectsOf(shared.sample.map((email) => email.id))).toEqual(FOUND.filter((subject) => !subject.includes("journal")));
    expect(shared.elsewhere).toBe(1);
    // A role for bob's own mailbox reads none of it (nothing was archived in his mailbox, and he is no
    // journaled participant): 0, and 0 elsewhere although the archive holds more.
    expect(await workspaceRun(bobReader, caseId, searchId)).toEqual({ total: 0, sample: [], elsewhere: 0 });
    const restRun = await api("POST", `${casePath(caseId)}/searches/${searchId}/run`, { token: bobReader.token });
    expect(restRun.body).toEqual({ total: 0, sample: [] });
  });

  it("a search saved to ignore the custodians counts nothing elsewhere", async () => {
    const { caseId } = await caseWithSearch();
    const everywhere = await api("POST", `${casePath(caseId)}/searches`, {
      token: admin.token,
      body: { name: "Everywhere", searchQuery: { query: "pricing" }, ignoreCustodians: true },
    });
    expect(await workspaceRun(admin, caseId, everywhere.body.id)).toMatchObject({ total: FOUND.length + 1, elsewhere: null });
  });
});
