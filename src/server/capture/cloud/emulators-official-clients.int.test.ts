import { admin_directory_v1 } from "@googleapis/admin";
import { gmail_v1 } from "@googleapis/gmail";
import { Client, ResponseType, type PageCollection } from "@microsoft/microsoft-graph-client";
import { OAuth2Client } from "google-auth-library";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIRECTORY_SCOPE, GMAIL_SCOPE, gmailRateLimited, startGmailEmulator, type GmailEmulator } from "@tests/helpers/gmail-emulator";
import { graphThrottled, startGraphEmulator, type GraphEmulator } from "@tests/helpers/graph-emulator";
import { buildMessage } from "@tests/helpers/mail";

/**
 * The provider emulators speak the real protocols: Microsoft's own Graph client
 * (@microsoft/microsoft-graph-client: paging, delta links, its retry handler reading Retry-After) and
 * Google's generated clients (@googleapis/gmail, @googleapis/admin over google-auth-library) read them.
 */
let graph: GraphEmulator;
let google: GmailEmulator;
beforeAll(async () => {
  graph = await startGraphEmulator({ pageSize: 2 });
  google = await startGmailEmulator({ pageSize: 2 });
});
afterAll(async () => {
  await graph?.stop();
  await google?.stop();
});

describe("the Graph emulator, read by Microsoft's Graph client", () => {
  it("issues a client-credentials token, pages users and a folder's delta, serves $value bytes, throttles the way the client retries", async () => {
    const form = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: graph.clientId,
      client_secret: graph.clientSecret,
      scope: "https://graph.microsoft.com/.default",
    });
    const tokenResponse = await fetch(`${graph.url}/${graph.tenantId}/oauth2/v2.0/token`, { method: "POST", body: form });
    const { access_token: accessToken, token_type: tokenType } = (await tokenResponse.json()) as {
      access_token: string;
      token_type: string;
    };
    expect(tokenType).toBe("Bearer");
    const client = Client.init({
      authProvider: (done) => done(null, accessToken),
      baseUrl: graph.url,
      // The client attaches its auth provider's token to https hosts only; the emulator is plain http on loopback.
      fetchOptions: { headers: { authorization: `Bearer ${accessToken}` } },
    });
    for (const mail of ["a@corp.example", "b@corp.example", "c@corp.example"]) graph.addUser({ mail });
    const alice = (await client.api("/users/a@corp.example").get()) as { id: string; mail: string };
    const raws = Array.from({ length: 3 }, (_, index) => buildMessage({ subject: `delta ${index}` }));
    for (const raw of raws) graph.addMessage(alice.id, "Inbox", raw);

    // The client takes only https URLs as absolute: the emulator's (http, loopback) links are followed by their path.
    const follow = (link: string) => client.api(link.slice(`${graph.url}/v1.0`.length)).get() as Promise<PageCollection>;
    const all = async <T>(first: PageCollection) => {
      const items: T[] = [...(first.value as T[])];
      let page = first;
      while (page["@odata.nextLink"]) {
        page = await follow(page["@odata.nextLink"]);
        items.push(...(page.value as T[]));
      }
      return { items, deltaLink: page["@odata.deltaLink"] as string | undefined };
    };
    const users = await all<{ mail: string }>(await client.api("/users").top(2).get());
    expect(users.items.map((user) => user.mail)).toEqual(["a@corp.example", "b@corp.example", "c@corp.example"]);

    const delta = await all<{ id: string }>(await client.api(`/users/${alice.id}/mailFolders/inbox/messages/delta`).get());
    const ids = delta.items.map((item) => item.id);
    expect(ids).toHaveLength(3);
    expect(delta.deltaLink).toContain("$deltatoken=");

    // The client's retry handler honours the emulator's 429 + Retry-After and then reads the bytes.
    graph.server.throttle({ count: 1, path: /\/\$value$/, answer: graphThrottled(1) });
    const bytes = (await client
      .api(`/users/${alice.id}/messages/${ids[0]}/$value`)
      .responseType(ResponseType.ARRAYBUFFER)
      .get()) as ArrayBuffer;
    expect(Buffer.from(bytes).equals(raws[0])).toBe(true);

    graph.addMessage(alice.id, "Inbox", buildMessage({ subject: "later" }));
    const next = await follow(delta.deltaLink!);
    expect(next.value).toHaveLength(1);

    graph.expireDeltaTokens();
    await expect(follow(delta.deltaLink!)).rejects.toMatchObject({ statusCode: 410, code: "SyncStateNotFound" });
    await expect(client.api("/users/nobody@corp.example").get()).rejects.toMatchObject({ statusCode: 404 });
  }, 30_000);
});

describe("the Gmail and Directory emulator, read by Google's clients", () => {
  it("lists the domain's users, a mailbox's pages, labels, raw messages and history; answers rate limits as Gmail does", async () => {
    google.addUser({ primaryEmail: "admin@corp.example", isAdmin: true });
    for (const primaryEmail of ["u1@corp.example", "u2@corp.example"]) google.addUser({ primaryEmail });
    const raws = Array.from({ length: 3 }, (_, index) => buildMessage({ subject: `gmail ${index}` }));
    for (const raw of raws) google.addMessage("u1@corp.example", raw, ["INBOX", "Clients/ACME"]);

    const adminAuth = new OAuth2Client();
    adminAuth.setCredentials({ access_token: google.issueToken("admin@corp.example", DIRECTORY_SCOPE) });
    const directory = new admin_directory_v1.Admin({ auth: adminAuth, rootUrl: `${google.url}/` });
    const listed: string[] = [];
    let pageToken: string | undefined;
    do {
      const page: admin_directory_v1.Schema$Users = (await directory.users.list({ customer: "my_customer", maxResults: 2, pageToken }))
        .data;
      listed.push(...(page.users ?? []).map((user) => user.primaryEmail!));
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
    expect(listed).toEqual(["admin@corp.example", "u1@corp.example", "u2@corp.example"]);

    const userAuth = new OAuth2Client();
    userAuth.setCredentials({ access_token: google.issueToken("u1@corp.example", GMAIL_SCOPE) });
    const gmail = new gmail_v1.Gmail({ auth: userAuth, rootUrl: `${google.url}/` });
    const profile = await gmail.users.getProfile({ userId: "me" });
    expect(profile.data).toMatchObject({ emailAddress: "u1@corp.example", messagesTotal: 3 });
    const labels = await gmail.users.labels.list({ userId: "me" });
    expect(labels.data.labels?.find((label) => label.type === "user")?.name).toBe("Clients/ACME");
    const ids: string[] = [];
    pageToken = undefined;
    do {
      const page: gmail_v1.Schema$ListMessagesResponse = (await gmail.users.messages.list({ userId: "me", maxResults: 2, pageToken })).data;
      ids.push(...(page.messages ?? []).map((message) => message.id!));
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
    expect(ids).toHaveLength(3);
    const raw = await gmail.users.messages.get({ userId: "me", id: ids[2], format: "raw" });
    expect(Buffer.from(raw.data.raw!, "base64url").equals(raws[0])).toBe(true);

    google.addMessage("u1@corp.example", buildMessage({ subject: "new" }), ["INBOX"]);
    google.addLabels("u1@corp.example", ids[2], ["Later", "INBOX"]);
    const history = await gmail.users.history.list({
      userId: "me",
      startHistoryId: profile.data.historyId!,
      historyTypes: ["messageAdded"],
    });
    expect(history.data.history?.flatMap((entry) => entry.messagesAdded ?? [])).toHaveLength(1);
    expect(history.data.history?.flatMap((entry) => entry.labelsAdded ?? [])).toEqual([]);
    const both = await gmail.users.history.list({
      userId: "me",
      startHistoryId: profile.data.historyId!,
      historyTypes: ["messageAdded", "labelAdded"],
    });
    const listedLabels = (await gmail.users.labels.list({ userId: "me" })).data.labels ?? [];
    const labelOf = (name: string) => listedLabels.find((label) => label.name === name)?.id;
    const laterId = labelOf("Later");
    expect(both.data.history?.flatMap((entry) => entry.labelsAdded ?? [])).toEqual([
      { message: { id: ids[2], threadId: ids[2], labelIds: ["INBOX", labelOf("Clients/ACME"), laterId] }, labelIds: [laterId] },
    ]);
    expect(both.data.history?.flatMap((entry) => entry.messagesAdded ?? [])).toHaveLength(1);
    google.expireHistory("u1@corp.example");
    await expect(gmail.users.history.list({ userId: "me", startHistoryId: profile.data.historyId! })).rejects.toMatchObject({
      status: 404,
    });

    google.server.throttle({ count: 1, answer: gmailRateLimited() });
    await expect(gmail.users.getProfile({ userId: "me" }, { retry: false })).rejects.toMatchObject({
      status: 403,
      response: { data: { error: { errors: [expect.objectContaining({ reason: "userRateLimitExceeded" })] } } },
    });
  }, 30_000);
});
