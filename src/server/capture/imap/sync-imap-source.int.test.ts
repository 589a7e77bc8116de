import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dovecotSourceConfig,
  seedMailbox,
  startDovecot,
  testMailbox,
  testMessage,
  TEST_SPECIAL_USE,
  type DovecotServer,
  type DovecotUser,
} from "@tests/helpers/dovecot";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { systemActor } from "../../audit/append-audit-entry";
import { db } from "../../platform/db/client";
import { createSource } from "../create-source";
import { syncImapSource } from "./sync-imap-source";

useEmptyDatabasePerTest();

const users: DovecotUser[] = Array.from({ length: 8 }, (_, index) => ({
  username: `user${index}@example.com`,
  password: `password-${index}-Secret`,
}));
let server: DovecotServer;

beforeAll(async () => {
  server = await startDovecot({ users, specialUse: TEST_SPECIAL_USE });
});
afterAll(async () => {
  await server?.stop();
});

async function imapSource(user: DovecotUser, config: Record<string, unknown> = {}, name = `IMAP ${user.username}`) {
  const source = await createSource({
    actor: systemActor(),
    input: {
      name,
      provider: "imap",
      config: { ...dovecotSourceConfig(server, user), ...config } as never,
    },
  });
  return source.id;
}

async function countsByPath(sourceId: string): Promise<Record<string, number>> {
  const rows = await db().archivedEmail.groupBy({ by: ["path"], where: { ingestionSourceId: sourceId }, _count: { _all: true } });
  return Object.fromEntries(rows.map((row) => [row.path, row._count._all]));
}

const sourceRow = (sourceId: string) => db().ingestionSource.findUniqueOrThrow({ where: { id: sourceId } });
const totals = (result: Awaited<ReturnType<typeof syncImapSource>>) => {
  if (result.status === "skipped") throw new Error("sync was skipped");
  return {
    imported: result.folders.reduce((sum, folder) => sum + folder.imported, 0),
    duplicates: result.folders.reduce((sum, folder) => sum + folder.duplicates, 0),
  };
};

describe("syncImapSource against Dovecot", () => {
  it("archives every folder except Junk and Trash, with folder paths, keyword tags and exact bytes", async () => {
    const user = users[0];
    const mailbox = testMailbox();
    await seedMailbox(server, user, mailbox.folders);
    const sourceId = await imapSource(user);

    const result = await syncImapSource({ sourceId });
    expect(result.status).toBe("synced");
    expect(await countsByPath(sourceId)).toEqual(mailbox.archivedCounts);
    expect(totals(result)).toEqual({ imported: 270, duplicates: 0 });

    const emails = await db().archivedEmail.findMany({
      where: { ingestionSourceId: sourceId },
      select: { userEmail: true, subject: true, tags: true, storageHashSha256: true },
    });
    expect(new Set(emails.map((email) => email.userEmail))).toEqual(new Set([user.username]));
    expect(emails.some((email) => mailbox.skipped.some((folder) => email.subject.startsWith(`${folder} `)))).toBe(false);
    const tagged = emails.filter((email) => email.tags.length > 0);
    expect(tagged).toHaveLength(12 + 6 + 9);
    expect(new Set(tagged.map((email) => email.tags.slice().sort().join(",")))).toEqual(new Set(["$Important,Work"]));
    const first = emails.find((email) => email.subject === "Archive/2023 message 0")!;
    expect(first.tags.sort()).toEqual(["$Important", "Work"]);
    expect(first.storageHashSha256).toBe(createHash("sha256").update(testMessage("Archive/2023", 0)).digest("hex"));

    const source = await sourceRow(sourceId);
    expect(source).toMatchObject({ status: "idle", statusMessage: null });
    expect(source.lastSyncAt).toBeInstanceOf(Date);
    const states = await db().imapFolderState.findMany({ where: { sourceId }, orderBy: { folder: "asc" } });
    expect(states.map((state) => [state.folder, Number(state.lastUid)])).toEqual([
      ["Archive/2023", 90],
      ["INBOX", 120],
      ["Sent", 60],
    ]);
    const audit = await db().auditLog.findFirstOrThrow({ where: { actionType: "IMPORT", targetId: sourceId } });
    expect(audit.actorIdentifier).toBe("system:imap-sync");
    expect(audit.details).toMatchObject({ origin: "imap-sync", imported: 270, duplicates: 0, failed: 0 });
  });

  it("fetches only new messages on the next sync", async () => {
    const user = users[1];
    await seedMailbox(server, user, testMailbox({ inbox: 40, sent: 10, archive: 20 }).folders);
    const sourceId = await imapSource(user);
    expect(totals(await syncImapSource({ sourceId }))).toEqual({ imported: 70, duplicates: 0 });

    // Nothing new: nothing fetched again (not even as duplicates).
    expect(totals(await syncImapSource({ sourceId }))).toEqual({ imported: 0, duplicates: 0 });

    await seedMailbox(server, user, [
      { path: "INBOX", messages: [0, 1, 2, 3, 4].map((index) => ({ raw: testMessage("INBOX", index, "-new") })) },
      { path: "Archive/2023", messages: [{ raw: testMessage("Archive/2023", 0, "-new"), flags: ["Project-X"] }] },
      { path: "Trash", messages: [{ raw: testMessage("Trash", 0, "-new") }] },
    ]);
    const next = await syncImapSource({ sourceId, limits: { messages: 2 } });
    expect(totals(next)).toEqual({ imported: 6, duplicates: 0 });
    expect(await countsByPath(sourceId)).toEqual({ INBOX: 45, Sent: 10, "Archive/2023": 21 });
    expect(
      (await db().archivedEmail.findFirstOrThrow({ where: { ingestionSourceId: sourceId, subject: "Archive/2023 message 0-new" } })).tags,
    ).toEqual(["Project-X"]);
  });

  it("starts a folder over when its UIDVALIDITY changes, without duplicates", async () => {
    const user = users[2];
    await seedMailbox(server, user, testMailbox({ inbox: 5, sent: 5, archive: 30 }).folders);
    const sourceId = await imapSource(user);
    await syncImapSource({ sourceId });
    const before = await db().imapFolderState.findUniqueOrThrow({ where: { sourceId_folder: { sourceId, folder: "Archive/2023" } } });

    // Re-created folder: a new UIDVALIDITY, the same 30 messages under new UIDs, plus 3 new ones.
    const client = await server.connect(user);
    await client.mailboxDelete("Archive/2023");
    await client.logout();
    const recreated = [
      ...Array.from({ length: 30 }, (_, index) => ({ raw: testMessage("Archive/2023", index) })),
      ...[0, 1, 2].map((index) => ({ raw: testMessage("Archive/2023", index, "-after") })),
    ];
    await seedMailbox(server, user, [{ path: "Archive/2023", messages: recreated }]);

    const result = await syncImapSource({ sourceId });
    if (result.status !== "synced") throw new Error(JSON.stringify(result));
    expect(result.folders.find((folder) => folder.folder === "Archive/2023")).toMatchObject({
      restarted: true,
      imported: 3,
      duplicates: 30,
    });
    expect(result.folders.find((folder) => folder.folder === "INBOX")).toMatchObject({ restarted: false, imported: 0, duplicates: 0 });
    expect(await countsByPath(sourceId)).toEqual({ INBOX: 5, Sent: 5, "Archive/2023": 33 });
    const after = await db().imapFolderState.findUniqueOrThrow({ where: { sourceId_folder: { sourceId, folder: "Archive/2023" } } });
    expect(after.uidValidity).not.toBe(before.uidValidity);
    expect(Number(after.lastUid)).toBe(33);
  });

  it("syncs exactly the configured mailboxes, into the configured userEmail, and fails clearly on a missing one", async () => {
    const user = users[3];
    await seedMailbox(server, user, testMailbox({ inbox: 4, sent: 3, archive: 2 }).folders);
    const sourceId = await imapSource(user, { mailboxes: ["Junk", "Sent"], userEmail: "Archive.Owner@Example.com" });
    expect((await syncImapSource({ sourceId })).status).toBe("synced");
    expect(await countsByPath(sourceId)).toEqual({ Junk: 7, Sent: 3 });
    expect(await db().archivedEmail.count({ where: { ingestionSourceId: sourceId, userEmail: "archive.owner@example.com" } })).toBe(10);

    const missing = await imapSource(user, { mailboxes: ["INBOX", "Nope"] }, "Misconfigured");
    const result = await syncImapSource({ sourceId: missing });
    expect(result).toMatchObject({
      status: "error",
      retryable: false,
      message: 'The IMAP server has no folder "Nope" (from the source\'s mailboxes)',
    });
    expect(await sourceRow(missing)).toMatchObject({
      status: "error",
      statusMessage: 'The IMAP server has no folder "Nope" (from the source\'s mailboxes)',
      lastSyncAt: null,
    });
  });

  it("marks the source as error with a clear, password-free message on a wrong password or an unreachable server", async () => {
    const user = users[4];
    const wrongPassword = await imapSource({ ...user, password: "Wrong-Password-123" }, {}, "Wrong password");
    const result = await syncImapSource({ sourceId: wrongPassword });
    const expected = `IMAP login as "${user.username}" at ${server.host}:${server.port} failed: the server rejected the username or password`;
    expect(result).toMatchObject({ status: "error", retryable: false, message: expected });
    const source = await sourceRow(wrongPassword);
    expect(source).toMatchObject({ status: "error", statusMessage: expected, lastSyncAt: null });
    const audit = await db().$queryRaw<{ details: string }[]>`SELECT details::text AS details FROM audit_logs`;
    expect(audit.map((entry) => entry.details).join("\n")).not.toContain("Wrong-Password-123");

    // Port 1 on loopback: nothing listens there.
    const unreachable = await imapSource(user, { port: 1 }, "Unreachable");
    const down = await syncImapSource({ sourceId: unreachable });
    expect(down).toMatchObject({
      status: "error",
      retryable: true,
      message: `Could not connect to the IMAP server at ${server.host}:1 (the server log has the details)`,
    });
    expect(await sourceRow(unreachable)).toMatchObject({ status: "error" });
  });

  it("never runs two syncs of one source at once: the second is skipped", async () => {
    const user = users[5];
    await seedMailbox(server, user, testMailbox({ inbox: 150, sent: 20, archive: 30 }).folders);
    const sourceId = await imapSource(user);
    const results = await Promise.all([syncImapSource({ sourceId }), syncImapSource({ sourceId })]);
    expect(results.map((result) => result.status).sort()).toEqual(["skipped", "synced"]);
    expect(await db().archivedEmail.count({ where: { ingestionSourceId: sourceId } })).toBe(200);
    // The lock is released afterwards.
    expect((await syncImapSource({ sourceId })).status).toBe("synced");
  });
});
