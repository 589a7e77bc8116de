import { createHash, generateKeyPairSync } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setupAdmin, type TestUser } from "@tests/helpers/auth";
import {
  gmailRateLimited,
  googleThrottled,
  googleWorkspaceSourceConfig,
  startGmailEmulator,
  type GmailEmulator,
} from "@tests/helpers/gmail-emulator";
import { buildMessage } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { verifyAuditLog } from "../../audit/verify-audit-log";
import { db } from "../../platform/db/client";
import { jobHandlers } from "../../composition/job-handlers";
import { runNextJob } from "../../platform/jobs/run-next-job";
import { syncGoogleWorkspaceSource } from "./sync-google-workspace-source";

/** Issue 37: the Google Workspace connector against a Google APIs emulator (tests/helpers/gmail-emulator.ts). */
useEmptyDatabasePerTest();

let google: GmailEmulator;
let admin: TestUser;
beforeEach(async () => {
  google = await startGmailEmulator({ pageSize: 3 });
  google.addUser({ primaryEmail: "admin@corp.example", isAdmin: true });
  admin = await setupAdmin();
});
afterEach(async () => google?.stop());

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const message = (subject: string) => buildMessage({ subject, body: `Body of ${subject} – ünïcødé` });
const FAST = { maxAttempts: 5, baseDelayMs: 10, maxDelayMs: 5000 };

async function createSource(config: Record<string, unknown> = {}) {
  const created = await api("POST", "/v1/ingestion-sources", {
    token: admin.token,
    body: {
      name: `Domain ${Math.random()}`,
      provider: "google-workspace",
      config: { ...googleWorkspaceSourceConfig(google, "admin@corp.example"), ...config },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; config: Record<string, unknown> };
}

const emails = (sourceId: string) =>
  db().archivedEmail.findMany({
    where: { ingestionSourceId: sourceId },
    select: { userEmail: true, path: true, subject: true, tags: true, storageHashSha256: true },
    orderBy: [{ userEmail: "asc" }, { subject: "asc" }],
  });
const rawRequests = () => google.server.requests.filter((request) => request.url.searchParams.get("format") === "raw");

describe("Google Workspace source (Gmail API)", () => {
  it("archives a domain: every active user's mail byte for byte with its labels, no spam or trash, skipping suspended users and users without Gmail", async () => {
    for (const primaryEmail of ["alice@corp.example", "bob@corp.example"]) google.addUser({ primaryEmail });
    google.addUser({ primaryEmail: "dave@corp.example", suspended: true });
    google.addUser({ primaryEmail: "erin@corp.example", gmailEnabled: false });
    const inbox = Array.from({ length: 5 }, (_, index) => message(`inbox ${index}`));
    for (const raw of inbox) google.addMessage("alice@corp.example", raw, ["INBOX", "UNREAD"]);
    const nested = message("nested label");
    google.addMessage("alice@corp.example", nested, ["Projects/Überprüfung 2024", "IMPORTANT"]);
    google.addMessage("alice@corp.example", message("no label at all"), []);
    google.addMessage("alice@corp.example", message("sent"), ["SENT"]);
    google.addMessage("alice@corp.example", message("spam"), ["SPAM"]);
    google.addMessage("alice@corp.example", message("trash"), ["TRASH", "Projects/Überprüfung 2024"]);
    const shared = message("shared");
    google.addMessage("alice@corp.example", shared, ["INBOX", "Clients"]);
    google.addMessage("bob@corp.example", shared, ["INBOX"]);

    const source = await createSource();
    expect(source.config).toMatchObject({ serviceAccountKeySet: true, adminEmail: "admin@corp.example", customer: "my_customer" });
    const stored = JSON.stringify((await db().ingestionSource.findUniqueOrThrow({ where: { id: source.id } })).config);
    expect(stored).not.toContain("PRIVATE KEY");
    expect(JSON.stringify(source.config)).not.toContain("PRIVATE KEY");

    // Gmail's 403 userRateLimitExceeded (no Retry-After: backoff) and a 429 with Retry-After: 1.
    google.server.throttle({ count: 2, path: /\/messages\/[^/]+$/, answer: gmailRateLimited() });
    google.server.throttle({ count: 1, path: /\/messages$/, answer: googleThrottled(1) });
    expect((await api("POST", `/v1/ingestion-sources/${source.id}/sync`, { token: admin.token })).status).toBe(202);
    while (await runNextJob(jobHandlers));

    const row = await db().ingestionSource.findUniqueOrThrow({ where: { id: source.id } });
    expect(row.status).toBe("idle");
    expect(row.statusMessage).toContain("dave@corp.example (suspended user)");
    expect(row.statusMessage).toContain("erin@corp.example (the user has no Gmail (Mail service not enabled))");
    const archived = await emails(source.id);
    expect(archived.map((email) => `${email.userEmail} ${email.path} ${email.subject}`).sort()).toEqual(
      [
        ...inbox.map((_, index) => `alice@corp.example INBOX inbox ${index}`),
        "alice@corp.example Projects/Überprüfung 2024 nested label",
        "alice@corp.example All Mail no label at all",
        "alice@corp.example SENT sent",
        "alice@corp.example Clients shared",
        "bob@corp.example INBOX shared",
      ].sort(),
    );
    expect(archived.find((email) => email.subject === "nested label")).toMatchObject({
      storageHashSha256: sha256(nested),
      tags: expect.arrayContaining(["Projects/Überprüfung 2024", "IMPORTANT"]),
    });
    // Tokens came from the key's own token_uri, signed with its key.
    expect(google.server.requests.filter((request) => request.url.pathname === "/token").length).toBeGreaterThanOrEqual(3);
    const audit = await db().auditLog.findFirstOrThrow({ where: { actionType: "IMPORT", targetId: source.id } });
    expect(audit.details).toMatchObject({ origin: "google-workspace-sync", imported: 10, failed: 0, throttled: 3 });
    expect((await verifyAuditLog()).ok).toBe(true);
  }, 60_000);

  it("continues from the history id: archives exactly the new messages (not spam), keeps one deleted at the source; an expired id (404) lists in full fetching only what is missing", async () => {
    google.addUser({ primaryEmail: "alice@corp.example" });
    const ids = Array.from({ length: 4 }, (_, index) => google.addMessage("alice@corp.example", message(`first ${index}`), ["INBOX"]));
    const source = await createSource({ mailboxes: ["alice@corp.example"] });
    expect((await syncGoogleWorkspaceSource({ sourceId: source.id, throttle: FAST })).status).toBe("synced");
    expect(await db().archivedEmail.count({ where: { ingestionSourceId: source.id } })).toBe(4);

    google.deleteMessage("alice@corp.example", ids[0]);
    google.addMessage("alice@corp.example", message("second 0"), ["INBOX"]);
    google.addMessage("alice@corp.example", message("second 1"), ["Work"]);
    google.addMessage("alice@corp.example", message("second spam"), ["SPAM"]);
    const before = rawRequests().length;
    const second = await syncGoogleWorkspaceSource({ sourceId: source.id, throttle: FAST });
    expect(second.status).toBe("synced");
    expect(rawRequests().length - before).toBe(2);
    expect(google.server.requests.some((request) => request.url.pathname.endsWith("/history"))).toBe(true);
    expect((await emails(source.id)).map((email) => email.subject)).toEqual([
      "first 0",
      "first 1",
      "first 2",
      "first 3",
      "second 0",
      "second 1",
    ]);

    google.expireHistory("alice@corp.example");
    google.addMessage("alice@corp.example", message("third 0"), ["INBOX"]);
    const beforeExpired = rawRequests().length;
    const third = await syncGoogleWorkspaceSource({ sourceId: source.id, throttle: FAST });
    expect(third.status === "synced" && third.mailboxes[0].folders[0]).toMatchObject({ imported: 1, restarted: true });
    expect(rawRequests().length - beforeExpired).toBe(1);
    expect(await db().archivedEmail.count({ where: { ingestionSourceId: source.id } })).toBe(7);
  }, 60_000);

  it("records one occurrence per label that is a folder (not UNREAD, IMPORTANT, CATEGORY_*), and a label added later after the incremental sync", async () => {
    google.addUser({ primaryEmail: "alice@corp.example" });
    const id = google.addMessage("alice@corp.example", message("labelled"), [
      "INBOX",
      "Projects/Ünïcode",
      "UNREAD",
      "IMPORTANT",
      "CATEGORY_PERSONAL",
    ]);
    const older = google.addMessage("alice@corp.example", message("inbox only"), ["INBOX"]);
    const source = await createSource({ mailboxes: ["alice@corp.example"] });
    expect((await syncGoogleWorkspaceSource({ sourceId: source.id, throttle: FAST })).status).toBe("synced");
    const email = await db().archivedEmail.findFirstOrThrow({ where: { ingestionSourceId: source.id, subject: "labelled" } });
    expect(email.path).toBe("Projects/Ünïcode");
    const occurrences = async () => {
      const answer = await api("GET", `/v1/archived-emails/${email.id}/occurrences`, { token: admin.token });
      expect(answer.status).toBe(200);
      return (answer.body.items as { folder: string; mailbox: string; emailId: string }[]).map((item) => item.folder).sort();
    };
    expect(await occurrences()).toEqual(["INBOX", "Projects/Ünïcode"]);
    const folders = async () => {
      const answer = await api("GET", `/v1/archived-emails/folders?ingestionSourceId=${source.id}`, { token: admin.token });
      expect(answer.status).toBe(200);
      return Object.fromEntries((answer.body.items as { folder: string; count: number }[]).map((item) => [item.folder, item.count]));
    };
    expect(await folders()).toEqual({ INBOX: 2, "Projects/Ünïcode": 1 });

    // A label added later (users.messages.modify): a labelsAdded history record, no new bytes to fetch.
    google.addLabels("alice@corp.example", id, ["Later/Été", "STARRED"]);
    const before = rawRequests().length;
    expect((await syncGoogleWorkspaceSource({ sourceId: source.id, throttle: FAST })).status).toBe("synced");
    expect(rawRequests().length).toBe(before);
    expect(await occurrences()).toEqual(["INBOX", "Later/Été", "Projects/Ünïcode"]);
    expect(await folders()).toEqual({ INBOX: 2, "Later/Été": 1, "Projects/Ünïcode": 1 });
    expect(await db().archivedEmail.count({ where: { ingestionSourceId: source.id } })).toBe(2);

    // An item recorded before its hash was kept (migration 20261128001500): fetched once to learn it.
    await db().cloudSyncItem.updateMany({ where: { sourceId: source.id, itemId: older }, data: { rawHash: null } });
    google.addLabels("alice@corp.example", older, ["Later/Été"]);
    const beforeOlder = rawRequests().length;
    expect((await syncGoogleWorkspaceSource({ sourceId: source.id, throttle: FAST })).status).toBe("synced");
    expect(rawRequests().length - beforeOlder).toBe(1);
    expect(await folders()).toEqual({ INBOX: 2, "Later/Été": 2, "Projects/Ünïcode": 1 });
  }, 60_000);

  it("a key the token endpoint refuses (wrong signature) ends the sync in error with a readable message and archives nothing", async () => {
    google.addUser({ primaryEmail: "alice@corp.example" });
    google.addMessage("alice@corp.example", message("never"), ["INBOX"]);
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const source = await createSource({ serviceAccountKey: { ...google.serviceAccountKey, private_key: otherKey } });
    const result = await syncGoogleWorkspaceSource({ sourceId: source.id, throttle: FAST });
    expect(result.status).toBe("error");
    const row = await db().ingestionSource.findUniqueOrThrow({ where: { id: source.id } });
    expect(row).toMatchObject({
      status: "error",
      statusMessage: `Google Workspace sign-in as admin@corp.example with service account ${google.serviceAccountKey.client_email} failed (400 invalid_grant: Invalid JWT Signature.)`,
    });
    expect(await db().archivedEmail.count({ where: { ingestionSourceId: source.id } })).toBe(0);

    // Domain-wide delegation without the Gmail scope: the directory works, each mailbox fails by name.
    google.delegatedScopes.delete("https://www.googleapis.com/auth/gmail.readonly");
    const undelegated = await createSource();
    await syncGoogleWorkspaceSource({ sourceId: undelegated.id, throttle: FAST });
    const undelegatedRow = await db().ingestionSource.findUniqueOrThrow({ where: { id: undelegated.id } });
    expect(undelegatedRow.status).toBe("idle");
    expect(undelegatedRow.statusMessage).toContain("alice@corp.example (The Gmail API answered 401 unauthorized_client");
  });

  it("refuses a key without token_uri or with a plain-http remote token_uri (422), and a changed adminEmail without the key", async () => {
    const { token_uri: _uri, ...withoutUri } = google.serviceAccountKey;
    for (const serviceAccountKey of [
      withoutUri,
      { ...google.serviceAccountKey, token_uri: "http://oauth2.example.com/token" },
      "not json",
    ]) {
      const refused = await api("POST", "/v1/ingestion-sources", {
        token: admin.token,
        body: { name: "GW", provider: "google-workspace", config: { serviceAccountKey, adminEmail: "admin@corp.example" } },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0].field).toBe("config.serviceAccountKey");
    }
    const missing = await api("POST", "/v1/ingestion-sources", {
      token: admin.token,
      body: { name: "GW", provider: "google-workspace", config: { serviceAccountKey: google.serviceAccountKey } },
    });
    expect(missing.body.errors.map((error: { field: string }) => error.field)).toEqual(["config.adminEmail"]);
    const source = await createSource();
    const moved = await api("PUT", `/v1/ingestion-sources/${source.id}`, {
      token: admin.token,
      body: { config: { adminEmail: "mallory@corp.example", gmailUrl: google.url, directoryUrl: google.url } },
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors[0].field).toBe("config.serviceAccountKey");
  });
});
