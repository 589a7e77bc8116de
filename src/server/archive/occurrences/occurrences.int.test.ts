import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { createCaseVia, EDISCOVERY } from "@tests/helpers/ediscovery";
import { dovecotSourceConfig, seedMailbox, startDovecot, testMessage, type DovecotServer, type DovecotUser } from "@tests/helpers/dovecot";
import { buildMessage, zipOf } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { systemActor } from "../../audit/append-audit-entry";
import { ingestBatch } from "../../capture/ingestion/ingest-batch";
import { createSource } from "../../capture/create-source";
import { syncImapSource } from "../../capture/imap/sync-imap-source";
import { db } from "../../platform/db/client";

useEmptyDatabasePerTest();

const user: DovecotUser = { username: "owner@example.com", password: "owner-password-Secret" };
let server: DovecotServer;

beforeAll(async () => {
  server = await startDovecot({ users: [user] });
});
afterAll(async () => {
  await server?.stop();
});

interface Occurrence {
  emailId: string;
  ingestionSourceId: string;
  mailbox: string;
  folder: string;
  firstSeenAt: string;
  envelopeRecipients: string[];
}
const occurrencesOf = async (token: string, emailId: string) => {
  const answer = await api("GET", `/v1/archived-emails/${emailId}/occurrences`, { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.items as Occurrence[];
};
const folderCounts = async (token: string, query = "") => {
  const answer = await api("GET", `/v1/archived-emails/folders${query}`, { token });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body.items as { mailbox: string; folder: string; count: number }[]).map(
    (item) => `${item.mailbox} ${item.folder}: ${item.count}`,
  );
};
const searchIds = async (token: string, query: string) => {
  const answer = await api("GET", `/v1/search?query=${encodeURIComponent(query)}&limit=100`, { token });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body.items as { id: string }[]).map((item) => item.id).sort();
};

async function uploadSource(): Promise<string> {
  const source = await createSource({ actor: systemActor(), input: { name: `Upload ${Math.random()}`, provider: "upload", config: {} } });
  return source.id;
}

describe("every occurrence of a message is kept", () => {
  it("IMAP: the same message in two folders is one email with two occurrences, listed in both folders", async () => {
    const admin = await setupAdmin();
    const shared = testMessage("Shared", 1);
    await seedMailbox(server, user, [
      { path: "INBOX", messages: [{ raw: shared }, { raw: testMessage("INBOX", 2) }] },
      { path: "Projects/2026", messages: [{ raw: shared }, { raw: testMessage("Projects", 3) }] },
    ]);
    const { id: sourceId } = await createSource({
      actor: systemActor(),
      input: { name: "IMAP owner", provider: "imap", config: dovecotSourceConfig(server, user) as never },
    });
    const result = await syncImapSource({ sourceId });
    if (result.status === "skipped") throw new Error("sync skipped");
    expect(result.folders.reduce((sum, folder) => sum + folder.imported, 0)).toBe(3);
    expect(result.folders.reduce((sum, folder) => sum + folder.duplicates, 0)).toBe(1);

    const emails = await db().archivedEmail.findMany({
      where: { ingestionSourceId: sourceId },
      select: { id: true, subject: true, path: true },
    });
    expect(emails).toHaveLength(3);
    const sharedEmail = emails.find((email) => email.subject === "Shared message 1")!;
    // The email's own folder stays the one synced first (the interface's `path` does not change).
    expect(sharedEmail.path).toBe("INBOX");
    const seen = await occurrencesOf(admin.token, sharedEmail.id);
    expect(seen.map((item) => [item.mailbox, item.folder, item.emailId, item.ingestionSourceId])).toEqual([
      ["owner@example.com", "INBOX", sharedEmail.id, sourceId],
      ["owner@example.com", "Projects/2026", sharedEmail.id, sourceId],
    ]);
    expect(await folderCounts(admin.token)).toEqual(["owner@example.com INBOX: 2", "owner@example.com Projects/2026: 2"]);
    // The folder's list (the emails list filtered by source, mailbox and folder) has it in both folders.
    const inFolder = (folder: string) => searchIds(admin.token, `source:${sourceId} mailbox:owner@example.com folder:"${folder}"`);
    const byPath = (path: string) => emails.filter((email) => email.path === path || email.id === sharedEmail.id).map((email) => email.id);
    expect(await inFolder("INBOX")).toEqual(byPath("INBOX").sort());
    expect(await inFolder("Projects/2026")).toEqual(byPath("Projects/2026").sort());
    expect(await inFolder("Elsewhere")).toEqual([]);

    // A re-sync (and a re-import of the same bytes into the same folder) adds no occurrence.
    await syncImapSource({ sourceId });
    await ingestBatch({ sourceId, userEmail: user.username, messages: [{ raw: shared, path: "Projects/2026" }] });
    expect(await db().emailOccurrence.count({ where: { emailId: sharedEmail.id } })).toBe(2);
  });

  it("a zip with the same bytes in two folders: one email, two occurrences (one batch)", async () => {
    const admin = await setupAdmin();
    const sourceId = await uploadSource();
    const bytes = buildMessage({ subject: "twice in a zip" });
    const zip = await zipOf([
      { name: "Inbox/a.eml", bytes },
      { name: "Saved/b.eml", bytes },
    ]);
    const answer = await api("POST", `/v1/ingestion-sources/${sourceId}/import?userEmail=carol%40example.com`, {
      token: admin.token,
      rawBody: new Uint8Array(zip),
      headers: { "content-type": "application/zip" },
    });
    expect(answer.body).toEqual({ imported: 1, duplicates: 1, failed: [] });
    const [email] = await db().archivedEmail.findMany({ where: { ingestionSourceId: sourceId } });
    expect((await occurrencesOf(admin.token, email.id)).map((item) => item.folder)).toEqual(["Inbox", "Saved"]);
  });

  it("the same message in two mailboxes: a copy per mailbox, each listing the other, within the caller's scope", async () => {
    const admin = await setupAdmin();
    const sourceId = await uploadSource();
    const bytes = buildMessage({ subject: "sent to both" });
    const envelope = { from: "sender@example.com", recipients: ["alice@corp.test", "bob@corp.test"] };
    const [alice] = await ingestBatch({ sourceId, userEmail: "alice@corp.test", messages: [{ raw: bytes, path: "Inbox", envelope }] });
    const [bob] = await ingestBatch({ sourceId, userEmail: "bob@corp.test", messages: [{ raw: bytes, path: "Posteingang" }] });
    if (alice.status !== "imported" || bob.status !== "imported") throw new Error("not imported");
    expect(
      (await occurrencesOf(admin.token, alice.emailId)).map((item) => [item.emailId, item.mailbox, item.folder, item.envelopeRecipients]),
    ).toEqual([
      [alice.emailId, "alice@corp.test", "Inbox", ["alice@corp.test", "bob@corp.test"]],
      [bob.emailId, "bob@corp.test", "Posteingang", []],
    ]);
    // A custodian search finds the message through each mailbox it was seen in (each has its copy there).
    expect(await searchIds(admin.token, "mailbox:bob@corp.test")).toEqual([bob.emailId]);
    const matter = await createCaseVia(admin.token, { name: "Matter", custodians: ["bob@corp.test"] });
    const search = await api("POST", `${EDISCOVERY}/cases/${matter.id}/searches`, {
      token: admin.token,
      body: { name: "Both", searchQuery: { query: '"sent to both"' } },
    });
    const run = await api("POST", `${EDISCOVERY}/cases/${matter.id}/searches/${search.body.id}/run`, { token: admin.token });
    expect(run.status, run.text).toBe(200);
    // bob's copy through his mailbox, alice's through its envelope naming bob (a participant).
    expect([run.body.total, run.body.sample.map((item: { id: string }) => item.id).sort()]).toEqual([
      2,
      [alice.emailId, bob.emailId].sort(),
    ]);

    const reader: TestUser = await createUserWithRole(admin.token, [
      { action: "read", subject: "archive", conditions: { userEmail: "alice@corp.test" } },
    ]);
    expect((await occurrencesOf(reader.token, alice.emailId)).map((item) => item.mailbox)).toEqual(["alice@corp.test"]);
    expect((await api("GET", `/v1/archived-emails/${bob.emailId}/occurrences`, { token: reader.token })).status).toBe(404);
    expect(await folderCounts(reader.token)).toEqual(["alice@corp.test Inbox: 1"]);
    expect(await folderCounts(admin.token)).toEqual(["alice@corp.test Inbox: 1", "bob@corp.test Posteingang: 1"]);
    expect(await folderCounts(admin.token, `?ingestionSourceId=${sourceId}&mailbox=BOB@corp.test`)).toEqual([
      "bob@corp.test Posteingang: 1",
    ]);
    expect((await api("GET", "/v1/archived-emails/folders?ingestionSourceId=nope", { token: admin.token })).status).toBe(422);

    // Deleting bob's copy takes its occurrence, and its folder, out of the kept counts.
    expect((await api("PUT", "/v1/settings", { token: admin.token, body: { deletionEnabled: true } })).status).toBe(200);
    expect((await api("DELETE", `/v1/archived-emails/${bob.emailId}`, { token: admin.token })).status).toBe(204);
    expect(await folderCounts(admin.token)).toEqual(["alice@corp.test Inbox: 1"]);
  });

  it("keeps the whole archive's folder counts exact as their deltas are appended and folded", async () => {
    const admin = await setupAdmin();
    const sourceId = await uploadSource();
    // One statement per message: 105 deltas for one folder, then one more folder.
    for (let index = 0; index < 105; index++)
      await ingestBatch({
        sourceId,
        userEmail: "dora@corp.test",
        messages: [{ raw: buildMessage({ subject: `m ${index}` }), path: "Inbox" }],
      });
    await ingestBatch({ sourceId, userEmail: "dora@corp.test", messages: [{ raw: buildMessage({ subject: "m 0" }), path: "Later" }] });
    expect(await db().folderEmailCountDelta.count({ where: { ingestionSourceId: sourceId } })).toBe(106);
    const expected = ["dora@corp.test Inbox: 105", "dora@corp.test Later: 1"];
    expect(await folderCounts(admin.token)).toEqual(expected);
    // That read folded them: one row per folder, the same counts.
    expect(await db().folderEmailCountDelta.count({ where: { ingestionSourceId: sourceId } })).toBe(2);
    expect(await folderCounts(admin.token)).toEqual(expected);
    const actual = await db().emailOccurrence.groupBy({ by: ["folder"], where: { ingestionSourceId: sourceId }, _count: { _all: true } });
    expect(Object.fromEntries(actual.map((row) => [row.folder, row._count._all]))).toEqual({ Inbox: 105, Later: 1 });
  });
});
