import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setupAdmin, type TestUser } from "@tests/helpers/auth";
import { graphError, graphThrottled, startGraphEmulator, type GraphEmulator } from "@tests/helpers/graph-emulator";
import { buildMessage } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { verifyAuditLog } from "../../audit/verify-audit-log";
import { db } from "../../platform/db/client";
import { jobHandlers } from "../../composition/job-handlers";
import { runNextJob } from "../../platform/jobs/run-next-job";
import { syncMicrosoft365Source } from "./sync-microsoft365-source";

/** Issue 37: the Microsoft 365 connector against a Graph emulator (tests/helpers/graph-emulator.ts). */
useEmptyDatabasePerTest();

let graph: GraphEmulator;
let admin: TestUser;
beforeEach(async () => {
  graph = await startGraphEmulator({ pageSize: 3 });
  admin = await setupAdmin();
});
afterEach(async () => graph?.stop());

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const message = (subject: string) => buildMessage({ subject, body: `Body of ${subject} – ünïcødé` });
const FAST = { maxAttempts: 5, baseDelayMs: 10, maxDelayMs: 5000 };

async function createSource(config: Record<string, unknown> = {}) {
  const created = await api("POST", "/v1/ingestion-sources", {
    token: admin.token,
    body: {
      name: `Tenant ${Math.random()}`,
      provider: "microsoft365",
      config: {
        tenantId: graph.tenantId,
        clientId: graph.clientId,
        clientSecret: graph.clientSecret,
        graphUrl: graph.url,
        loginUrl: graph.url,
        ...config,
      },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; config: Record<string, unknown> };
}

const emails = (sourceId: string) =>
  db().archivedEmail.findMany({
    where: { ingestionSourceId: sourceId },
    select: { userEmail: true, path: true, subject: true, storageHashSha256: true },
    orderBy: [{ userEmail: "asc" }, { subject: "asc" }],
  });
const valueRequests = () => graph.server.requests.filter((request) => request.url.pathname.endsWith("/$value"));

describe("Microsoft 365 source (Microsoft Graph)", () => {
  it("archives a tenant: every mailbox, the whole folder tree byte for byte, skipping refused users, Deleted Items and Junk in any language", async () => {
    const alice = graph.addUser({ mail: "Alice@Corp.Example", userPrincipalName: "alice.upn@corp.onmicrosoft.com" });
    const bruno = graph.addUser({ mail: "bruno@corp.example", language: "de" });
    graph.addUser({ mail: "guest_ext@other.example", userType: "Guest" });
    graph.addUser({ mail: "carol@corp.example", mailboxEnabled: false });
    graph.addUser({ mail: null, userPrincipalName: "printer@corp.onmicrosoft.com" });
    const inbox = Array.from({ length: 7 }, (_, index) => message(`inbox ${index}`));
    for (const raw of inbox) graph.addMessage(alice, "Inbox", raw);
    const nested = message("nested ünïcode");
    graph.addMessage(alice, "Inbox/Projects/Überprüfung 2024", nested);
    graph.addFolder(alice, "Hidden Stuff", { isHidden: true });
    graph.addMessage(alice, "Hidden Stuff", message("hidden folder"));
    // The same bytes in two folders of one mailbox and in a second mailbox.
    const shared = message("shared");
    graph.addMessage(alice, "Inbox", shared);
    graph.addMessage(alice, "Archive", shared);
    graph.addMessage(bruno, "Posteingang", shared);
    graph.addMessage(bruno, "Posteingang", message("bruno inbox"));
    graph.addMessage(alice, "Deleted Items", message("deleted"));
    graph.addMessage(alice, "Deleted Items/Old", message("deleted subfolder"));
    graph.addMessage(alice, "Junk Email", message("junk"));
    graph.addMessage(bruno, "Gelöschte Elemente", message("geloescht"));
    graph.addMessage(bruno, "Junk-E-Mail", message("junk de"));

    const source = await createSource();
    expect(source.config).toMatchObject({ clientSecretSet: true, graphUrl: graph.url });
    expect(JSON.stringify(source.config)).not.toContain(graph.clientSecret);
    expect(JSON.stringify((await db().ingestionSource.findUniqueOrThrow({ where: { id: source.id } })).config)).not.toContain(
      graph.clientSecret,
    );

    // Two throttled downloads: 429 with Retry-After 2, honoured (the backoff alone would wait 1 s first).
    graph.server.throttle({ count: 2, path: /\/\$value$/, answer: graphThrottled(2) });
    const queued = await api("POST", `/v1/ingestion-sources/${source.id}/sync`, { token: admin.token });
    expect(queued.status).toBe(202);
    while (await runNextJob(jobHandlers));

    const row = await db().ingestionSource.findUniqueOrThrow({ where: { id: source.id } });
    expect(row.status).toBe("idle");
    expect(row.statusMessage).toContain("guest_ext@other.example (guest user)");
    expect(row.statusMessage).toContain("carol@corp.example (the user has no Exchange Online mailbox (MailboxNotEnabledForRESTAPI))");
    expect(row.statusMessage).toContain("printer@corp.onmicrosoft.com (the user has no mail address)");
    const archived = await emails(source.id);
    expect(archived.map((email) => `${email.userEmail} ${email.path} ${email.subject}`).sort()).toEqual(
      [
        ...inbox.map((_, index) => `alice@corp.example Inbox inbox ${index}`),
        "alice@corp.example Inbox/Projects/Überprüfung 2024 nested ünïcode",
        "alice@corp.example Hidden Stuff hidden folder",
        "bruno@corp.example Posteingang bruno inbox",
        "bruno@corp.example Posteingang shared",
      ]
        .concat(
          archived.some((email) => email.subject === "shared" && email.path === "Archive")
            ? ["alice@corp.example Archive shared"]
            : ["alice@corp.example Inbox shared"],
        )
        .sort(),
    );
    // Byte for byte: the stored hash is the hash of the bytes Graph served.
    expect(archived.find((email) => email.subject === "nested ünïcode")!.storageHashSha256).toBe(sha256(nested));
    // Both folder occurrences of the shared message are recorded, the bytes stored once per mailbox.
    const occurrences = await db().cloudSyncItem.findMany({ where: { sourceId: source.id, mailbox: "alice@corp.example" } });
    expect(occurrences.filter((item) => item.path === "Inbox" || item.path === "Archive").length).toBe(inbox.length + 2);
    expect(occurrences.filter((item) => item.outcome === "duplicate").map((item) => item.path)).toHaveLength(1);
    // …and kept as the email's occurrences: one email per mailbox, alice's seen in both folders (docs/archive.md).
    const sharedRows = await db().archivedEmail.findMany({
      where: { ingestionSourceId: source.id, subject: "shared" },
      select: { userEmail: true, occurrences: { select: { mailbox: true, folder: true }, orderBy: { folder: "asc" } } },
      orderBy: { userEmail: "asc" },
    });
    expect(sharedRows.map((row) => [row.userEmail, row.occurrences.map((item) => `${item.mailbox} ${item.folder}`)])).toEqual([
      ["alice@corp.example", ["alice@corp.example Archive", "alice@corp.example Inbox"]],
      ["bruno@corp.example", ["bruno@corp.example Posteingang"]],
    ]);

    // Throttling: each throttled request was retried no sooner than its Retry-After.
    // (The first two downloads were the ones refused; each was asked again, no sooner than 2 s later.)
    const downloads = valueRequests();
    for (const throttled of downloads.slice(0, 2)) {
      const retry = downloads.find((request) => request !== throttled && request.url.pathname === throttled.url.pathname);
      expect(retry!.at - throttled.at).toBeGreaterThanOrEqual(1990);
    }
    const audit = await db().auditLog.findFirstOrThrow({ where: { actionType: "IMPORT", targetId: source.id } });
    expect(audit.details).toMatchObject({ origin: "microsoft365-sync", imported: 12, duplicates: 1, failed: 0, throttled: 2 });
    // Completeness: each folder's provider count against what the archive holds from it.
    const aliceAudit = (
      audit.details as { mailboxes: { mailbox: string; folders: { folder: string; providerCount: number; heldCount: number }[] }[] }
    ).mailboxes.find((entry) => entry.mailbox === "alice@corp.example")!;
    for (const folder of aliceAudit.folders) expect(folder.heldCount, folder.folder).toBe(folder.providerCount);
    expect(aliceAudit.folders.map((folder) => folder.folder)).not.toContain("Deleted Items");
    // The coverage report: per mailbox and folder, and how many emails are not searchable yet.
    const coverage = await api("GET", `/v1/ingestion-sources/${source.id}/coverage`, { token: admin.token });
    expect(coverage.status).toBe(200);
    expect(coverage.body).toMatchObject({
      sourceId: source.id,
      provider: "microsoft365",
      emailCount: 12,
      notSearchable: expect.any(Number),
    });
    const covered = coverage.body.lastSync.mailboxes as {
      mailbox: string;
      status: string;
      reason: string | null;
      folders: { folder: string }[];
    }[];
    expect(covered.find((entry) => entry.mailbox === "carol@corp.example")).toMatchObject({ status: "skipped" });
    expect(covered.find((entry) => entry.mailbox === "alice@corp.example")!.folders.map((folder) => folder.folder)).toContain(
      "Inbox/Projects/Überprüfung 2024",
    );
    expect((await verifyAuditLog()).ok).toBe(true);
  }, 60_000);

  it("continues from each folder's delta link: archives exactly the new messages, keeps one deleted at the source, and after an expired link (410) fetches only what is missing", async () => {
    const alice = graph.addUser({ mail: "alice@corp.example" });
    const ids = Array.from({ length: 5 }, (_, index) => graph.addMessage(alice, "Inbox", message(`first ${index}`)));
    const source = await createSource();
    expect((await syncMicrosoft365Source({ sourceId: source.id, throttle: FAST })).status).toBe("synced");
    expect(await db().archivedEmail.count({ where: { ingestionSourceId: source.id } })).toBe(5);

    graph.deleteMessage(alice, ids[0]);
    graph.addMessage(alice, "Inbox", message("second 0"));
    graph.addMessage(alice, "Inbox/Sub", message("second 1"));
    const before = valueRequests().length;
    const second = await syncMicrosoft365Source({ sourceId: source.id, throttle: FAST });
    expect(second.status).toBe("synced");
    expect(valueRequests().length - before).toBe(2);
    const archived = await emails(source.id);
    expect(archived.map((email) => email.subject)).toEqual(["first 0", "first 1", "first 2", "first 3", "first 4", "second 0", "second 1"]);
    const inboxSummary = second.status === "synced" ? second.mailboxes[0].folders.find((folder) => folder.folder === "Inbox") : undefined;
    expect(inboxSummary).toMatchObject({ imported: 1, deletedAtSource: 1, restarted: false });
    // A delta round, not a full listing: the Inbox was read from its delta token.
    expect(graph.server.requests.some((request) => request.url.searchParams.has("$deltatoken"))).toBe(true);

    graph.expireDeltaTokens();
    graph.addMessage(alice, "Inbox", message("third 0"));
    const beforeExpired = valueRequests().length;
    const third = await syncMicrosoft365Source({ sourceId: source.id, throttle: FAST });
    expect(third.status).toBe("synced");
    expect(valueRequests().length - beforeExpired).toBe(1);
    expect(third.status === "synced" && third.mailboxes[0].folders.find((folder) => folder.folder === "Inbox")).toMatchObject({
      imported: 1,
      restarted: true,
    });
    expect(await db().archivedEmail.count({ where: { ingestionSourceId: source.id } })).toBe(8);
  }, 60_000);

  it("a wrong client secret ends the sync in error with a readable message and archives nothing", async () => {
    const alice = graph.addUser({ mail: "alice@corp.example" });
    graph.addMessage(alice, "Inbox", message("never"));
    const source = await createSource({ clientSecret: "wrong-secret" });
    const result = await syncMicrosoft365Source({ sourceId: source.id, throttle: FAST });
    expect(result.status).toBe("error");
    const row = await db().ingestionSource.findUniqueOrThrow({ where: { id: source.id } });
    expect(row.status).toBe("error");
    expect(row.statusMessage).toBe(
      `Microsoft 365 sign-in for application ${graph.clientId} in tenant ${graph.tenantId} failed (401 invalid_client: AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${graph.clientId}'.)`,
    );
    expect(row.statusMessage).not.toContain("wrong-secret");
    expect(await db().archivedEmail.count({ where: { ingestionSourceId: source.id } })).toBe(0);
    expect(graph.server.requests.filter((request) => request.url.pathname.startsWith("/v1.0/"))).toHaveLength(0);
  });

  it("names a mailbox that fails and archives the others; throttling beyond Retry-After without one backs off", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const alice = graph.addUser({ mail: "alice@corp.example" });
    const bob = graph.addUser({ mail: "bob@corp.example" });
    graph.addMessage(alice, "Inbox", message("alice"));
    graph.addMessage(bob, "Inbox", message("bob"));
    graph.server.throttle({
      count: 1000,
      path: new RegExp(`/users/${alice}/mailFolders`),
      answer: graphError(403, "ErrorAccessDenied", "Access is denied. Check credentials and try again."),
    });
    // 503 without Retry-After: exponential backoff, then success.
    graph.server.throttle({ count: 2, path: /\/\$value$/, answer: graphError(503, "ServiceUnavailable", "Service unavailable") });
    const source = await createSource({ mailboxes: ["alice@corp.example", "bob@corp.example", "nobody@corp.example"] });
    const result = await syncMicrosoft365Source({ sourceId: source.id, throttle: FAST });
    expect(result.status).toBe("synced");
    const row = await db().ingestionSource.findUniqueOrThrow({ where: { id: source.id } });
    expect(row.status).toBe("idle");
    expect(row.statusMessage).toContain(
      "1 mailbox(es) failed: alice@corp.example (Microsoft Graph answered 403 ErrorAccessDenied: Access is denied.",
    );
    expect(row.statusMessage).toContain("nobody@corp.example (no such user in the tenant)");
    expect((await emails(source.id)).map((email) => email.userEmail)).toEqual(["bob@corp.example"]);
  });

  it("refuses a config missing a required field or with a plain-http remote URL (422 naming the field), and a changed graphUrl without the secret", async () => {
    const missing = await api("POST", "/v1/ingestion-sources", {
      token: admin.token,
      body: { name: "M365", provider: "microsoft365", config: { tenantId: graph.tenantId, clientSecret: "x" } },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((error: { field: string }) => error.field)).toContain("config.clientId");
    const plain = await api("POST", "/v1/ingestion-sources", {
      token: admin.token,
      body: {
        name: "M365",
        provider: "microsoft365",
        config: { tenantId: "t", clientId: "c", clientSecret: "x", graphUrl: "http://graph.example.com" },
      },
    });
    expect(plain.status).toBe(422);
    expect(plain.body.errors[0]).toMatchObject({ field: "config.graphUrl" });
    const source = await createSource();
    const moved = await api("PUT", `/v1/ingestion-sources/${source.id}`, {
      token: admin.token,
      body: {
        config: { tenantId: graph.tenantId, clientId: graph.clientId, graphUrl: "https://graph.attacker.example", loginUrl: graph.url },
      },
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors[0].field).toBe("config.clientSecret");
    const renamed = await api("PUT", `/v1/ingestion-sources/${source.id}`, {
      token: admin.token,
      body: {
        config: {
          tenantId: graph.tenantId,
          clientId: graph.clientId,
          graphUrl: graph.url,
          loginUrl: graph.url,
          mailboxes: ["a@corp.example"],
        },
      },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.config).toMatchObject({ clientSecretSet: true, mailboxes: ["a@corp.example"] });
  });
});
