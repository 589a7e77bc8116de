import { hostname } from "node:os";
import { lookup } from "node:dns/promises";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setupAdmin, type TestUser } from "@tests/helpers/auth";
import { json, startEmulatorServer, type EmulatorServer } from "@tests/helpers/cloud-emulator-http";
import { gmailHostile, googleWorkspaceSourceConfig, startGmailEmulator, type GmailEmulator } from "@tests/helpers/gmail-emulator";
import { graphError, graphHostile, microsoft365SourceConfig, startGraphEmulator, type GraphEmulator } from "@tests/helpers/graph-emulator";
import { buildMessage } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { db } from "../../platform/db/client";
import { DEFAULT_LIMITS, type ProviderLimits } from "./cloud-http";
import { graphScopeFor } from "./graph-api";
import { isInternalAddress } from "./provider-address-rule";
import { syncGoogleWorkspaceSource } from "./sync-google-workspace-source";
import { syncMicrosoft365Source } from "./sync-microsoft365-source";
import { withEnv } from "@tests/helpers/with-env";

/**
 * Issue 48, items 2, 3, 4 and 6: the provider boundary (cloud-http.ts `providerRequest`,
 * provider-address-rule.ts) against the emulators in their hostile modes: internal targets, links to
 * a foreign host, listings that never end, oversized and stalled bodies, and a deleted source.
 */
useEmptyDatabasePerTest();

let graph: GraphEmulator;
let google: GmailEmulator;
let internal: EmulatorServer;
let admin: TestUser;
beforeEach(async () => {
  graph = await startGraphEmulator({ pageSize: 3 });
  google = await startGmailEmulator({ pageSize: 3 });
  // An internal service the archive's network can reach: nothing may ever arrive here.
  internal = await startEmulatorServer(() => json(200, { secret: "INTERNAL-ONLY-DATA" }));
  admin = await setupAdmin();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all([graph?.stop(), google?.stop(), internal?.stop()]);
});

const FAST = { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 100 };
const message = (subject: string, body = `Body of ${subject}`) => buildMessage({ subject, body });

/** Every provider URL field of every provider config, set to `url` on a config that is otherwise the emulators'. */
const PROVIDER_URL_FIELDS: { provider: string; field: string; config: (url: string) => Record<string, unknown> }[] = [
  { provider: "microsoft365", field: "config.loginUrl", config: (url) => ({ ...microsoft365SourceConfig(graph), loginUrl: url }) },
  { provider: "microsoft365", field: "config.graphUrl", config: (url) => ({ ...microsoft365SourceConfig(graph), graphUrl: url }) },
  {
    provider: "google-workspace",
    field: "config.gmailUrl",
    config: (url) => ({ ...googleWorkspaceSourceConfig(google, "admin@corp.example"), gmailUrl: url }),
  },
  {
    provider: "google-workspace",
    field: "config.directoryUrl",
    config: (url) => ({ ...googleWorkspaceSourceConfig(google, "admin@corp.example"), directoryUrl: url }),
  },
  {
    provider: "google-workspace",
    field: "config.serviceAccountKey",
    config: (url) => ({
      ...googleWorkspaceSourceConfig(google, "admin@corp.example"),
      serviceAccountKey: JSON.stringify({ ...google.serviceAccountKey, token_uri: url }),
    }),
  },
];

const INTERNAL_FORMS = [
  "http://127.0.0.1:8080",
  "https://127.0.0.1",
  "https://127.1",
  "https://0x7f000001",
  "https://2130706433",
  "https://[::1]",
  "https://[::ffff:127.0.0.1]",
  "https://localhost",
  "https://localhost.",
  "https://metadata.localhost",
  "https://10.1.2.3",
  "https://172.16.0.1",
  "https://192.168.1.1",
  "https://100.64.0.1",
  "https://169.254.169.254",
  "https://[fd00::1]",
  "https://[fd00:ec2::254]",
  "https://[fe80::1]",
];

const create = (provider: string, config: Record<string, unknown>) =>
  api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: `Source ${Math.random()}`, provider, config } });

async function createSource(provider: string, config: Record<string, unknown>) {
  const created = await create(provider, config);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string };
}

const source = (id: string) => db().ingestionSource.findUniqueOrThrow({ where: { id } });

describe("provider URLs never reach the archive's own network", () => {
  it("every provider URL field refuses each internal address form (422 naming it) unless CLOUD_PRIVATE_HOSTS allows the host", async () => {
    await withEnv({ CLOUD_PRIVATE_HOSTS: "" }, async () => {
      for (const entry of PROVIDER_URL_FIELDS) {
        for (const form of INTERNAL_FORMS) {
          const answer = await create(entry.provider, entry.config(form));
          expect(answer.status, `${entry.field} = ${form}`).toBe(422);
          expect(
            answer.body.errors.map((error: { field: string }) => error.field),
            `${entry.field} = ${form}`,
          ).toContain(entry.field);
        }
      }
    });
    // Allowed by the operator: the emulators on loopback (plain http included).
    await withEnv({ CLOUD_PRIVATE_HOSTS: "127.0.0.1" }, async () => {
      for (const entry of PROVIDER_URL_FIELDS) expect((await create(entry.provider, entry.config(internal.url))).status).toBe(201);
      expect(internal.requests).toHaveLength(0);
    });
  });

  it("every provider URL field is refused at connect time when its name resolves to an internal address, or when its host is no longer allowed", async () => {
    // The machine's own name resolves to one of its addresses: loopback or a private one, never a provider's.
    const own = hostname();
    const resolved = await lookup(own, { all: true });
    expect(resolved.length > 0 && resolved.every((entry) => isInternalAddress(entry.address))).toBe(true);
    const port = new URL(internal.url).port;
    graph.addUser({ mail: "alice@corp.example" });
    google.addUser({ primaryEmail: "admin@corp.example", isAdmin: true });
    google.addUser({ primaryEmail: "alice@corp.example" });
    for (const entry of PROVIDER_URL_FIELDS) {
      // A name passes when it is entered (DNS may answer otherwise later: rebinding); the connection checks it.
      const { id } = await createSource(entry.provider, { ...entry.config(`https://${own}:${port}`), mailboxes: ["alice@corp.example"] });
      const sync = entry.provider === "microsoft365" ? syncMicrosoft365Source : syncGoogleWorkspaceSource;
      await sync({ sourceId: id, throttle: FAST });
      const row = await source(id);
      expect(`${row.status} ${row.statusMessage}`, entry.field).toMatch(/resolves to an internal address/);
      expect(row.statusMessage).not.toContain("INTERNAL-ONLY-DATA");
    }
    // Stored while allowed, then no longer allowed: refused before connecting.
    const { id } = await createSource("microsoft365", { ...microsoft365SourceConfig(graph), loginUrl: internal.url });
    await withEnv({ CLOUD_PRIVATE_HOSTS: "" }, () => syncMicrosoft365Source({ sourceId: id, throttle: FAST }));
    expect((await source(id)).statusMessage).toMatch(/names an internal address|must be an https URL/);
    expect(internal.requests).toHaveLength(0);
  });

  it("echoes no raw answer: an error body that is not JSON gives its status only; a JSON error is bounded and sanitised everywhere it lands", async () => {
    const alice = graph.addUser({ mail: "alice@corp.example" });
    graph.addMessage(alice, "Inbox", message("one"));
    graph.server.throttle({
      count: Infinity,
      path: /\/mailFolders$/,
      answer: { status: 418, raw: Buffer.from("<html>INTERNAL-ONLY-DATA of the admin console</html>") },
    });
    const { id } = await createSource("microsoft365", { ...microsoft365SourceConfig(graph), mailboxes: ["alice@corp.example"] });
    await syncMicrosoft365Source({ sourceId: id, throttle: FAST });
    const row = await source(id);
    expect(row.statusMessage).toContain("alice@corp.example (Microsoft Graph answered 418)");
    expect(row.statusMessage).not.toContain("INTERNAL-ONLY-DATA");

    const bob = graph.addUser({ mail: "bob@corp.example" });
    graph.addMessage(bob, "Inbox", message("two"));
    const injected = `Denied\u0000\r\nX-Injected: yes ${"A".repeat(5000)}INTERNAL-ONLY-DATA`;
    graph.server.throttle({
      count: Infinity,
      path: new RegExp(`/users/${bob}/mailFolders/`),
      answer: graphError(403, "Err\nBad code", injected),
    });
    const second = await createSource("microsoft365", { ...microsoft365SourceConfig(graph), mailboxes: ["bob@corp.example"] });
    await syncMicrosoft365Source({ sourceId: second.id, throttle: FAST });
    const receipt = await db().importReceipt.findFirstOrThrow({ where: { sourceId: second.id } });
    const audit = await db().auditLog.findFirstOrThrow({ where: { actionType: "IMPORT", targetId: second.id } });
    for (const text of [(await source(second.id)).statusMessage ?? "", receipt.body, JSON.stringify(audit.details)]) {
      expect(text).toContain("Microsoft Graph answered 403: Denied X-Injected: yes AAAA");
      expect(text).not.toContain("INTERNAL-ONLY-DATA");
      expect(text).not.toMatch(/[\r\n]X-Injected|Err\\nBad|\\u0000/);
    }
  });
});

describe("provider links go nowhere but the configured graphUrl", () => {
  it("a nextLink or deltaLink to another host fails that folder with its reason and drops its cursor; the other folders sync; the foreign host gets nothing", async () => {
    const alice = graph.addUser({ mail: "alice@corp.example" });
    graph.addMessage(alice, "Inbox", message("inbox"));
    graph.addMessage(alice, "Archive", message("archive"));
    const { id } = await createSource("microsoft365", { ...microsoft365SourceConfig(graph), mailboxes: ["alice@corp.example"] });
    expect((await syncMicrosoft365Source({ sourceId: id, throttle: FAST })).status).toBe("synced");
    expect(await db().cloudSyncCursor.count({ where: { sourceId: id } })).toBeGreaterThan(1);

    graph.addMessage(alice, "Inbox", message("inbox 2"));
    graph.addMessage(alice, "Archive", message("archive 2"));
    // The Inbox's delta round answers a link to another host (plain http, another port).
    const inboxFolder = (await db().cloudSyncItem.findFirstOrThrow({ where: { sourceId: id, path: "Inbox" } })).scope;
    graph.server.throttle({
      count: 1,
      path: new RegExp(`/mailFolders/${encodeURIComponent(inboxFolder)}/messages/delta$`),
      answer: graphHostile.foreignNextLink(internal.url),
    });
    const result = await syncMicrosoft365Source({ sourceId: id, throttle: FAST });
    expect(result.status).toBe("synced");
    const row = await source(id);
    expect(row.statusMessage).toContain(
      "alice@corp.example (1 folder(s) failed: Inbox: Graph answered a link outside the configured graphUrl",
    );
    expect(await db().cloudSyncCursor.count({ where: { sourceId: id, scope: inboxFolder } })).toBe(0);
    expect((await db().archivedEmail.findMany({ where: { ingestionSourceId: id } })).map((email) => email.subject).sort()).toEqual([
      "archive",
      "archive 2",
      "inbox",
    ]);

    // A stored delta link that names another host (kept from before) is never followed either.
    await db().cloudSyncCursor.updateMany({
      where: { sourceId: id },
      data: { cursor: `${internal.url}/v1.0/users/x/messages/delta?$deltatoken=old` },
    });
    await syncMicrosoft365Source({ sourceId: id, throttle: FAST });
    expect((await source(id)).statusMessage).toContain("Graph answered a link outside the configured graphUrl");
    expect(internal.requests).toHaveLength(0);
  });

  it("re-pointing a source (a field its secret is bound to, with a new secret) drops its stored cursors in the same update", async () => {
    const alice = graph.addUser({ mail: "alice@corp.example" });
    graph.addMessage(alice, "Inbox", message("inbox"));
    const { id } = await createSource("microsoft365", { ...microsoft365SourceConfig(graph), mailboxes: ["alice@corp.example"] });
    await syncMicrosoft365Source({ sourceId: id, throttle: FAST });
    expect(await db().cloudSyncCursor.count({ where: { sourceId: id } })).toBeGreaterThan(0);
    // Renaming or changing the mailboxes keeps them.
    const kept = await api("PUT", `/v1/ingestion-sources/${id}`, {
      token: admin.token,
      body: {
        name: "Renamed",
        config: { ...microsoft365SourceConfig(graph), clientSecret: undefined, mailboxes: ["alice@corp.example", "b@corp.example"] },
      },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(await db().cloudSyncCursor.count({ where: { sourceId: id } })).toBeGreaterThan(0);

    const other = await startGraphEmulator();
    try {
      const moved = await api("PUT", `/v1/ingestion-sources/${id}`, {
        token: admin.token,
        body: { config: { ...microsoft365SourceConfig(other), mailboxes: ["alice@corp.example"] } },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(await db().cloudSyncCursor.count({ where: { sourceId: id } })).toBe(0);
      const audit = await db().auditLog.findFirstOrThrow({ where: { actionType: "UPDATE", targetId: id }, orderBy: { id: "desc" } });
      expect(JSON.stringify(audit.details)).toContain("syncCursors");
      const before = graph.server.requests.length;
      other.addUser({ mail: "alice@corp.example" });
      await syncMicrosoft365Source({ sourceId: id, throttle: FAST });
      // The new secret and its tokens went to the new host only.
      expect(graph.server.requests.length).toBe(before);
    } finally {
      await other.stop();
    }
  });
});

describe("provider answers are bounded", () => {
  const limits = (changes: Partial<ProviderLimits>): ProviderLimits => ({ ...DEFAULT_LIMITS, ...changes });

  it("Graph: pages that never end or a link given twice fail the folder; the sync ends", async () => {
    const alice = graph.addUser({ mail: "alice@corp.example" });
    graph.addMessage(alice, "Inbox", message("inbox"));
    graph.addMessage(alice, "Archive", message("archive"));
    graph.server.throttle({
      count: Infinity,
      path: new RegExp(`/users/${alice}/mailFolders/[^/]+/messages/delta$`),
      answer: graphHostile.endlessPages(graph.url),
    });
    const { id } = await createSource("microsoft365", { ...microsoft365SourceConfig(graph), mailboxes: ["alice@corp.example"] });
    await syncMicrosoft365Source({ sourceId: id, throttle: FAST });
    expect((await source(id)).statusMessage).toMatch(/Inbox: Graph listing: more than 10\d pages/);

    const bob = graph.addUser({ mail: "bob@corp.example" });
    graph.addMessage(bob, "Inbox", message("bob"));
    graph.server.requests.length = 0;
    const repeated = await createSource("microsoft365", { ...microsoft365SourceConfig(graph), mailboxes: ["bob@corp.example"] });
    graph.server.throttle({
      count: Infinity,
      path: new RegExp(`/users/${bob}/mailFolders/[^/]+/messages/delta$`),
      answer: graphHostile.repeatedPage(graph.url),
    });
    await syncMicrosoft365Source({ sourceId: repeated.id, throttle: FAST });
    expect((await source(repeated.id)).statusMessage).toContain("the provider answered a page link it had given before");
  });

  it("Gmail: a nextPageToken that never ends, or one given twice, fails the mailbox with its cursor dropped", async () => {
    google.addUser({ primaryEmail: "admin@corp.example", isAdmin: true });
    google.addUser({ primaryEmail: "alice@corp.example" });
    google.addMessage("alice@corp.example", message("one"), ["INBOX"]);
    google.server.throttle({ count: Infinity, path: /\/messages$/, answer: gmailHostile.endlessMessagePages() });
    const config = { ...googleWorkspaceSourceConfig(google, "admin@corp.example"), mailboxes: ["alice@corp.example"] };
    const { id } = await createSource("google-workspace", config);
    await syncGoogleWorkspaceSource({ sourceId: id, throttle: FAST });
    expect((await source(id)).statusMessage).toMatch(/alice@corp.example \(The Gmail message listing: more than 10\d pages/);
    expect(await db().cloudSyncCursor.count({ where: { sourceId: id } })).toBe(0);

    await google.stop();
    google = await startGmailEmulator();
    google.addUser({ primaryEmail: "admin@corp.example", isAdmin: true });
    google.addUser({ primaryEmail: "alice@corp.example" });
    google.server.throttle({ count: Infinity, path: /\/messages$/, answer: gmailHostile.repeatedMessagePage() });
    const repeated = await createSource("google-workspace", {
      ...googleWorkspaceSourceConfig(google, "admin@corp.example"),
      mailboxes: ["alice@corp.example"],
    });
    await syncGoogleWorkspaceSource({ sourceId: repeated.id, throttle: FAST });
    expect((await source(repeated.id)).statusMessage).toContain("the provider answered a page link it had given before");
  });

  it("a message larger than the cap fails alone with its reason in the receipt and is not downloaded again (Graph and Gmail)", async () => {
    const cap = 64 * 1024;
    const alice = graph.addUser({ mail: "alice@corp.example" });
    graph.addMessage(alice, "Inbox", message("small"));
    graph.addMessage(alice, "Inbox", message("huge", "x".repeat(4 * cap)));
    const { id } = await createSource("microsoft365", { ...microsoft365SourceConfig(graph), mailboxes: ["alice@corp.example"] });
    await syncMicrosoft365Source({ sourceId: id, throttle: FAST, limits: limits({ maxMessageBytes: cap }) });
    expect((await db().archivedEmail.findMany({ where: { ingestionSourceId: id } })).map((email) => email.subject)).toEqual(["small"]);
    const receipt = await db().importReceipt.findFirstOrThrow({ where: { sourceId: id } });
    expect(receipt.body).toContain(`the provider's message is larger than ${cap} bytes (the limit)`);
    const downloads = () => graph.server.requests.filter((request) => request.url.pathname.endsWith("/$value")).length;
    const before = downloads();
    graph.expireDeltaTokens();
    await syncMicrosoft365Source({ sourceId: id, throttle: FAST, limits: limits({ maxMessageBytes: cap }) });
    expect(downloads()).toBe(before);

    google.addUser({ primaryEmail: "admin@corp.example", isAdmin: true });
    google.addUser({ primaryEmail: "bob@corp.example" });
    google.addMessage("bob@corp.example", message("small"), ["INBOX"]);
    google.addMessage("bob@corp.example", message("huge", "x".repeat(4 * cap)), ["INBOX"]);
    const gmail = await createSource("google-workspace", {
      ...googleWorkspaceSourceConfig(google, "admin@corp.example"),
      mailboxes: ["bob@corp.example"],
    });
    await syncGoogleWorkspaceSource({ sourceId: gmail.id, throttle: FAST, limits: limits({ maxMessageBytes: cap }) });
    expect((await db().archivedEmail.findMany({ where: { ingestionSourceId: gmail.id } })).map((email) => email.subject)).toEqual([
      "small",
    ]);
    expect((await db().importReceipt.findFirstOrThrow({ where: { sourceId: gmail.id } })).body).toContain("larger than");
  });

  it("a JSON page larger than its cap, or a body that stalls, fails within its limits", async () => {
    const alice = graph.addUser({ mail: "alice@corp.example" });
    graph.addMessage(alice, "Inbox", message("one"));
    graph.server.throttle({
      count: Infinity,
      path: new RegExp(`/users/${alice}/mailFolders$`),
      answer: json(200, { value: [], pad: "p".repeat(200_000) }),
    });
    const { id } = await createSource("microsoft365", { ...microsoft365SourceConfig(graph), mailboxes: ["alice@corp.example"] });
    await syncMicrosoft365Source({ sourceId: id, throttle: FAST, limits: limits({ maxJsonBytes: 100_000 }) });
    expect((await source(id)).statusMessage).toContain("the provider's answer is larger than 100000 bytes (the limit)");
    // An error body past the cap is dropped unread; its status still says what happened.
    const carol = graph.addUser({ mail: "carol@corp.example" });
    graph.server.throttle({
      count: Infinity,
      path: new RegExp(`/users/${carol}/mailFolders`),
      answer: { status: 502, raw: Buffer.alloc(300_000, 60) },
    });
    const erring = await createSource("microsoft365", { ...microsoft365SourceConfig(graph), mailboxes: ["carol@corp.example"] });
    await syncMicrosoft365Source({ sourceId: erring.id, throttle: FAST, limits: limits({ maxJsonBytes: 100_000 }) });
    expect((await source(erring.id)).statusMessage).toContain("carol@corp.example (Microsoft Graph answered 502)");

    const bob = graph.addUser({ mail: "bob@corp.example" });
    graph.addMessage(bob, "Inbox", message("stalled"));
    graph.server.throttle({
      count: Infinity,
      path: /\/\$value$/,
      answer: { status: 200, raw: Buffer.alloc(1000, 65), stallAfterBytes: 10 },
    });
    const stalled = await createSource("microsoft365", { ...microsoft365SourceConfig(graph), mailboxes: ["bob@corp.example"] });
    const started = Date.now();
    await syncMicrosoft365Source({ sourceId: stalled.id, throttle: FAST, limits: limits({ messageTimeoutMs: 1000 }) });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await source(stalled.id)).statusMessage).toMatch(/bob@corp.example \(127.0.0.1:\d+ did not answer within 1 s\)/);
  });

  it("deleting a source cancels its running sync within seconds, its request in flight included", async () => {
    const alice = graph.addUser({ mail: "alice@corp.example" });
    graph.addMessage(alice, "Inbox", message("one"));
    graph.server.throttle({
      count: Infinity,
      path: /\/messages\/delta$/,
      answer: { status: 200, raw: Buffer.from("{}"), stallAfterBytes: 1 },
    });
    const { id } = await createSource("microsoft365", { ...microsoft365SourceConfig(graph), mailboxes: ["alice@corp.example"] });
    const running = syncMicrosoft365Source({ sourceId: id, throttle: FAST });
    while (!graph.server.requests.some((request) => request.url.pathname.endsWith("/messages/delta")))
      await new Promise((resolve) => setTimeout(resolve, 50));
    const deletedAt = Date.now();
    expect((await api("DELETE", `/v1/ingestion-sources/${id}`, { token: admin.token })).status).toBe(204);
    const result = await running;
    expect(Date.now() - deletedAt).toBeLessThan(6000);
    expect(result).toMatchObject({ status: "error", message: expect.stringContaining("cancelled") });
  });
});

describe("Microsoft 365 token scope", () => {
  it("is Graph's resource, not the configured URL: a proxy or emulator signs in; a national cloud gets its own; graphScope overrides", async () => {
    expect(graphScopeFor("https://graph.microsoft.com")).toBe("https://graph.microsoft.com/.default");
    expect(graphScopeFor("https://graph-proxy.corp.example/graph")).toBe("https://graph.microsoft.com/.default");
    expect(graphScopeFor("https://graph.microsoft.us")).toBe("https://graph.microsoft.us/.default");
    expect(graphScopeFor("https://dod-graph.microsoft.us")).toBe("https://dod-graph.microsoft.us/.default");
    expect(graphScopeFor("https://microsoftgraph.chinacloudapi.cn")).toBe("https://microsoftgraph.chinacloudapi.cn/.default");
    expect(graphScopeFor("https://graph.microsoft.com", "https://graph.example/.default")).toBe("https://graph.example/.default");

    const alice = graph.addUser({ mail: "alice@corp.example" });
    graph.addMessage(alice, "Inbox", message("one"));
    // The emulator, like a proxy, is reached at its own URL; Entra ID grants only Graph's resource.
    const { id } = await createSource("microsoft365", { ...microsoft365SourceConfig(graph), mailboxes: ["alice@corp.example"] });
    expect((await syncMicrosoft365Source({ sourceId: id, throttle: FAST })).status).toBe("synced");
    const scope = graph.server.requests.find((request) => request.url.pathname.endsWith("/token"))!.body.toString();
    expect(new URLSearchParams(scope).get("scope")).toBe("https://graph.microsoft.com/.default");

    const national = await createSource("microsoft365", {
      ...microsoft365SourceConfig(graph),
      graphScope: "https://graph.microsoft.us/.default",
      mailboxes: ["alice@corp.example"],
    });
    await syncMicrosoft365Source({ sourceId: national.id, throttle: FAST });
    expect((await source(national.id)).statusMessage).toContain("AADSTS500011");
  });
});

describe("sync failures are logged", () => {
  it("with the source, the mailbox and the cause, never the secret", async () => {
    const alice = graph.addUser({ mail: "alice@corp.example" });
    graph.addMessage(alice, "Inbox", message("one"));
    graph.server.throttle({ count: Infinity, path: /\/mailFolders$/, answer: graphError(403, "ErrorAccessDenied", "Access is denied.") });
    const { id } = await createSource("microsoft365", { ...microsoft365SourceConfig(graph), mailboxes: ["alice@corp.example"] });
    await syncMicrosoft365Source({ sourceId: id, throttle: FAST });
    const logged = vi.mocked(console.error).mock.calls.map((call) => call.join(" "));
    const line = logged.find((entry) => entry.startsWith("[cloud-sync] failed ") && entry.includes(id));
    expect(line).toBeDefined();
    expect(JSON.parse(line!.slice("[cloud-sync] failed ".length))).toMatchObject({
      sourceId: id,
      origin: "microsoft365-sync",
      mailbox: "alice@corp.example",
      message: "Microsoft Graph answered 403 ErrorAccessDenied: Access is denied.",
      status: 403,
      code: "ErrorAccessDenied",
    });
    expect(logged.join("\n")).not.toContain(graph.clientSecret);
  });
});
