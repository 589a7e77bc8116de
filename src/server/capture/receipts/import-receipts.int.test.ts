import { createHash, createPublicKey, verify } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setupAdmin, type TestUser } from "@tests/helpers/auth";
import { dovecotSourceConfig, seedMailbox, startDovecot, TEST_SPECIAL_USE, testMailbox, type DovecotServer } from "@tests/helpers/dovecot";
import { googleWorkspaceSourceConfig, startGmailEmulator, type GmailEmulator } from "@tests/helpers/gmail-emulator";
import { graphThrottled, microsoft365SourceConfig, startGraphEmulator, type GraphEmulator } from "@tests/helpers/graph-emulator";
import { buildMessage } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { verifyAuditLog } from "../../audit/verify-audit-log";
import { db } from "../../platform/db/client";
import { jobHandlers } from "../../composition/job-handlers";
import { runNextJob } from "../../platform/jobs/run-next-job";
import { installationPublicKey } from "../../platform/signing/installation-signing-key";
import { syncMicrosoft365Source } from "../cloud/sync-microsoft365-source";
import { loadSyncProgress } from "./sync-progress";

/** Issue 37: every sync run (and import) leaves a signed receipt chained into the audit log, and live progress rows. */
useEmptyDatabasePerTest();

const IMAP_USER = { username: "receipts@example.com", password: "receipts-Secret-1" };
let dovecot: DovecotServer;
let graph: GraphEmulator;
let google: GmailEmulator;
let admin: TestUser;
beforeAll(async () => {
  dovecot = await startDovecot({ users: [IMAP_USER], specialUse: TEST_SPECIAL_USE });
});
afterAll(async () => dovecot?.stop());
beforeEach(async () => {
  graph = await startGraphEmulator({ pageSize: 3 });
  google = await startGmailEmulator({ pageSize: 3 });
  admin = await setupAdmin();
});
afterEach(async () => Promise.all([graph?.stop(), google?.stop()]));

const message = (subject: string) => buildMessage({ subject, body: `Body of ${subject}` });

interface ReceiptAnswer {
  id: string;
  body: string;
  sha256: string;
  signature: string;
  publicKey: string;
  auditEntryId: string | null;
  receipt: {
    origin: string;
    actor: { identifier: string; userId: string | null };
    outcome: string;
    totals: Record<string, number>;
    mailboxes: {
      mailbox: string;
      status: string;
      excluded: { folder: string; count: number | null; reason: string }[];
      folders: { folder: string; seen: number; stored: number; alreadyArchived: number; failed: { item: string; reason: string }[] }[];
    }[];
  };
}

async function createSource(body: Record<string, unknown>) {
  const created = await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: `Source ${Math.random()}`, ...body } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return (created.body as { id: string }).id;
}

const createTenantSource = () => createSource({ provider: "microsoft365", config: microsoft365SourceConfig(graph) });

/** Sync through the REST request and the worker's job, as an administrator pressing "Sync now". */
async function syncAsAdmin(sourceId: string) {
  expect((await api("POST", `/v1/ingestion-sources/${sourceId}/sync`, { token: admin.token })).status).toBe(202);
  while (await runNextJob(jobHandlers));
}

/** The coverage report's last receipt, downloaded through its link, checked as a third party would check it. */
async function lastReceipt(sourceId: string): Promise<ReceiptAnswer> {
  const coverage = await api("GET", `/v1/ingestion-sources/${sourceId}/coverage`, { token: admin.token });
  const link = (coverage.body as { lastReceipt: { id: string; url: string } | null }).lastReceipt;
  expect(link).not.toBeNull();
  const answer = await api("GET", link!.url, { token: admin.token });
  expect(answer.status).toBe(200);
  const receipt = answer.body as ReceiptAnswer;
  expect(receipt.id).toBe(link!.id);
  // Signed by the installation's key (the one that signs export manifests), over exactly `body`.
  expect(receipt.publicKey).toBe(installationPublicKey().publicKey);
  expect(
    verify(null, Buffer.from(receipt.body, "utf8"), createPublicKey(receipt.publicKey), Buffer.from(receipt.signature, "base64")),
  ).toBe(true);
  // Its hash is in the run's IMPORT audit entry, by the run's actor.
  const sha256 = createHash("sha256").update(receipt.body, "utf8").digest("hex");
  expect(receipt.sha256).toBe(sha256);
  const entry = await db().auditLog.findUniqueOrThrow({ where: { id: BigInt(receipt.auditEntryId!) } });
  expect(entry).toMatchObject({ actionType: "IMPORT", targetId: sourceId, actorIdentifier: receipt.receipt.actor.identifier });
  expect(entry.details).toMatchObject({ receipt: { id: receipt.id, sha256 } });
  const verified = await api("GET", `/v1/ingestion-sources/${sourceId}/receipts/${receipt.id}/verify`, { token: admin.token });
  expect(verified.body).toEqual({
    valid: true,
    signatureValid: true,
    hashMatches: true,
    auditEntryId: receipt.auditEntryId,
    auditEntryIntact: true,
    problems: [],
  });
  return receipt;
}

describe("import receipts", () => {
  it("a Microsoft 365 sync's receipt: seen, stored, already archived, failed with reasons, excluded folders with counts; by who pressed sync; tampering shows", async () => {
    const alice = graph.addUser({ mail: "alice@corp.example" });
    const shared = message("shared");
    graph.addMessage(alice, "Inbox", message("one"));
    graph.addMessage(alice, "Inbox", shared);
    graph.addMessage(alice, "Inbox/Projekte", shared);
    graph.addMessage(alice, "Inbox/Projekte", Buffer.alloc(0));
    graph.addMessage(alice, "Deleted Items", message("deleted"));
    graph.addMessage(alice, "Deleted Items/Old", message("deleted old"));
    graph.addMessage(alice, "Junk Email", message("junk"));
    const sourceId = await createTenantSource();

    await syncAsAdmin(sourceId);
    const first = await lastReceipt(sourceId);
    expect(first.receipt).toMatchObject({
      origin: "microsoft365-sync",
      outcome: "completed",
      actor: { identifier: admin.user.email, userId: admin.user.id },
      totals: { mailboxes: 1, seen: 4, stored: 2, alreadyArchived: 1, failed: 1, excluded: 3 },
    });
    const [mailbox] = first.receipt.mailboxes;
    expect(mailbox.mailbox).toBe("alice@corp.example");
    const folders = Object.fromEntries(mailbox.folders.map(({ folder, ...counts }) => [folder, counts]));
    expect(folders["Inbox"]).toMatchObject({ seen: 2, stored: 2, alreadyArchived: 0, failed: [] });
    expect(folders["Inbox/Projekte"]).toMatchObject({ seen: 2, stored: 0, alreadyArchived: 1, failed: [{ reason: "empty message" }] });
    expect(mailbox.excluded).toEqual([
      { folder: "Deleted Items (deleteditems)", count: 2, reason: "well-known folder skipped with its subfolders" },
      { folder: "Junk Email (junkemail)", count: 1, reason: "well-known folder skipped with its subfolders" },
    ]);

    // The next run has a receipt of its own: nothing new seen.
    await syncAsAdmin(sourceId);
    const second = await lastReceipt(sourceId);
    expect(second.id).not.toBe(first.id);
    expect(second.receipt.totals).toMatchObject({ seen: 0, stored: 0, failed: 0 });
    expect((await verifyAuditLog()).ok).toBe(true);

    // A changed receipt no longer verifies, neither by its signature nor against its audit entry.
    await db().importReceipt.update({ where: { id: first.id }, data: { body: first.body.replace('"stored":2', '"stored":3') } });
    const tampered = await api("GET", `/v1/ingestion-sources/${sourceId}/receipts/${first.id}/verify`, { token: admin.token });
    expect(tampered.body).toMatchObject({ valid: false, signatureValid: false, hashMatches: false, auditEntryIntact: true });
    // Only the source's own receipts are reachable under it.
    const otherSource = await createSource({ provider: "upload", config: {} });
    expect((await api("GET", `/v1/ingestion-sources/${otherSource}/receipts/${first.id}`, { token: admin.token })).status).toBe(404);
  });

  it("a Google Workspace sync's receipt counts the excluded SPAM and TRASH labels per mailbox", async () => {
    google.addUser({ primaryEmail: "admin@corp.example", isAdmin: true });
    google.addUser({ primaryEmail: "bob@corp.example" });
    google.addMessage("bob@corp.example", message("bob inbox"), ["INBOX"]);
    google.addMessage("bob@corp.example", message("bob spam"), ["SPAM"]);
    google.addMessage("bob@corp.example", message("bob trash 1"), ["TRASH"]);
    google.addMessage("bob@corp.example", message("bob trash 2"), ["TRASH"]);
    const sourceId = await createSource({
      provider: "google-workspace",
      config: { ...googleWorkspaceSourceConfig(google, "admin@corp.example"), mailboxes: ["bob@corp.example"] },
    });
    await syncAsAdmin(sourceId);
    const { receipt } = await lastReceipt(sourceId);
    expect(receipt.totals).toMatchObject({ mailboxes: 1, seen: 1, stored: 1, excluded: 3 });
    expect(receipt.mailboxes[0].excluded).toEqual([
      { folder: "SPAM", count: 1, reason: "excluded label" },
      { folder: "TRASH", count: 2, reason: "excluded label" },
    ]);
  });

  it("an IMAP sync's receipt names Junk and Trash with their counts, and an upload has one too", async () => {
    const mailbox = testMailbox({ inbox: 4, sent: 2, archive: 3 });
    await seedMailbox(dovecot, IMAP_USER, mailbox.folders);
    const sourceId = await createSource({ provider: "imap", config: dovecotSourceConfig(dovecot, IMAP_USER) });
    await syncAsAdmin(sourceId);
    const { receipt } = await lastReceipt(sourceId);
    expect(receipt).toMatchObject({ origin: "imap-sync", actor: { identifier: admin.user.email } });
    expect(receipt.totals).toMatchObject({ seen: 9, stored: 9, alreadyArchived: 0, failed: 0, excluded: 15 });
    expect(Object.fromEntries(receipt.mailboxes[0].excluded.map((entry) => [entry.folder, entry.count]))).toEqual({
      Junk: 7,
      Trash: 5,
      Quarantine: 3,
    });

    const uploadId = await createSource({ provider: "upload", config: { userEmail: "upload@example.com" } });
    const uploaded = await api("POST", `/v1/ingestion-sources/${uploadId}/import`, {
      token: admin.token,
      rawBody: new Uint8Array(message("uploaded")),
      headers: { "content-type": "message/rfc822" },
    });
    expect(uploaded.status).toBe(200);
    const upload = await lastReceipt(uploadId);
    expect(upload.receipt).toMatchObject({ origin: "upload", totals: { seen: 1, stored: 1 }, actor: { identifier: admin.user.email } });
  });

  it("a running sync writes its progress per mailbox about every second, and marks it finished", async () => {
    const alice = graph.addUser({ mail: "alice@corp.example" });
    const bob = graph.addUser({ mail: "bob@corp.example" });
    for (let index = 0; index < 5; index++) graph.addMessage(alice, "Inbox", message(`alice ${index}`));
    graph.addMessage(bob, "Inbox", message("bob"));
    const sourceId = await createTenantSource();
    // One download waits 3 s (Retry-After): the run is seen mid-way.
    graph.server.throttle({ count: 1, path: /\/\$value$/, answer: graphThrottled(3) });
    const running = syncMicrosoft365Source({ sourceId });
    let midway: Awaited<ReturnType<typeof loadSyncProgress>> = [];
    for (let tries = 0; tries < 40 && midway.length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      midway = (await loadSyncProgress({ sourceId })).filter((row) => !row.finished && row.seen > 0);
    }
    // The folder's pages (5 messages) are listed and their downloads wait: 5 seen, none done yet.
    expect(midway).toEqual([
      expect.objectContaining({ mailbox: "alice@corp.example", folder: "Inbox", seen: 5, done: 0, finished: false }),
    ]);
    expect((await running).status).toBe("synced");
    const rows = await loadSyncProgress({ sourceId });
    // Finished: the last folder read (the tenant's default folders follow Inbox), every item seen done.
    expect(rows.map(({ mailbox, done, seen, finished }) => ({ mailbox, done, seen, finished }))).toEqual([
      { mailbox: "alice@corp.example", done: 5, seen: 5, finished: true },
      { mailbox: "bob@corp.example", done: 1, seen: 1, finished: true },
    ]);
    // The progress rows are the run's: its receipt has the same id.
    expect(await db().importReceipt.count({ where: { id: rows[0].runId } })).toBe(1);
  });
});
