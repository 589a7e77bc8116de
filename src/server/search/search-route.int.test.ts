import { beforeAll, describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { api } from "@tests/helpers/rest-client";
import { db } from "../platform/db/client";

const PATH = "/v1/search";

let admin: TestUser;
let aliceOnly: TestUser;
let sourceA: string;
let sourceB: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  admin = await setupAdmin();
  aliceOnly = await createUserWithRole(admin.token, [
    { action: "read", subject: "archive", conditions: { userEmail: "alice@example.com" } },
  ]);
  sourceA = await ensureTestSource("Route source A");
  sourceB = await ensureTestSource("Route source B");
  const overdue = await insertTestEmail({
    ingestionSourceId: sourceA,
    userEmail: "alice@example.com",
    subject: "Payment reminder",
    senderName: "Accounts",
    senderEmail: "accounts@vendor.example",
    recipients: [{ name: "Alice", email: "alice@example.com" }],
    bodyText: "Your invoice is overdue. Pay <b>now</b> & save.",
    sentAt: "2024-02-01T09:30:00.000Z",
    archivedAt: "2024-02-05T00:00:00.000Z",
    messageIdHeader: "overdue@vendor.example",
    path: "INBOX/Bills",
    tags: ["finance"],
    sizeBytes: 4321,
  });
  const attached = await insertTestEmail({
    ingestionSourceId: sourceB,
    userEmail: "bob@example.com",
    subject: "Documents",
    senderEmail: "carol@example.com",
    recipients: [{ name: "Bob", email: "bob@example.com" }],
    bodyText: "The invoice is attached.",
    attachments: [{ filename: "invoice.pdf", mimeType: "application/pdf", extractedText: "total due" }],
    sentAt: "2024-02-02T10:00:00.000Z",
  });
  const lunch = await insertTestEmail({
    ingestionSourceId: sourceA,
    userEmail: "alice@example.com",
    subject: "Lunch",
    bodyText: "Lunch plans for Friday?",
    sentAt: "2024-02-03T12:00:00.000Z",
  });
  Object.assign(ids, { overdue: overdue.id, attached: attached.id, lunch: lunch.id });
  const active = await db().legalHold.create({ data: { name: "Active hold", nameKey: "active hold" } });
  const inactive = await db().legalHold.create({ data: { name: "Old hold", nameKey: "old hold", isActive: false } });
  await db().emailLegalHold.createMany({
    data: [
      { emailId: ids.overdue, legalHoldId: active.id },
      { emailId: ids.attached, legalHoldId: inactive.id },
    ],
  });
});

const search = (query: string, token = admin.token) => api("GET", `${PATH}?${query}`, { token });
const itemIds = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);

describe("GET /v1/search", () => {
  it("answers matching archived emails, most relevant first", async () => {
    const response = await search("query=invoice");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(typeof response.body.processingTimeMs).toBe("number");
    expect(response.body.searchedFrom, "every email searched").toBeNull();
    expect(itemIds(response.body)).toEqual([ids.attached, ids.overdue]);
  });

  it("shapes each item as an archived email summary with an escaped snippet", async () => {
    const response = await search("query=overdue");
    const email = await db().archivedEmail.findUniqueOrThrow({ where: { id: ids.overdue } });
    expect(response.body.items).toEqual([
      {
        id: ids.overdue,
        ingestionSourceId: sourceA,
        userEmail: "alice@example.com",
        messageIdHeader: "overdue@vendor.example",
        sentAt: "2024-02-01T09:30:00.000Z",
        sentAtFallback: null,
        subject: "Payment reminder",
        senderName: "Accounts",
        senderEmail: "accounts@vendor.example",
        recipients: [{ name: "Alice", email: "alice@example.com" }],
        storagePath: email.storagePath,
        storageHashSha256: email.storageHashSha256,
        sizeBytes: 4321,
        isIndexed: true,
        hasAttachments: false,
        isOnLegalHold: true,
        archivedAt: "2024-02-05T00:00:00.000Z",
        path: "INBOX/Bills",
        tags: ["finance"],
        snippet: expect.stringContaining("<mark>overdue</mark>"),
      },
    ]);
    expect(response.body.items[0].snippet).toContain("&amp; save");
    expect(response.body.items[0].snippet.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
  });

  it("reports isOnLegalHold only for active holds", async () => {
    const response = await search("query=invoice");
    const byId = Object.fromEntries(
      response.body.items.map((item: { id: string; isOnLegalHold: boolean }) => [item.id, item.isOnLegalHold]),
    );
    expect(byId).toEqual({ [ids.overdue]: true, [ids.attached]: false });
  });

  it("lists everything for an empty or missing query", async () => {
    for (const query of ["", "query="]) {
      const response = await search(query);
      expect(response.status).toBe(200);
      expect(itemIds(response.body)).toEqual([ids.lunch, ids.attached, ids.overdue]);
      expect(response.body.total).toBe(3);
    }
  });

  it("applies each filter given as a query parameter", async () => {
    const cases: [string, string[]][] = [
      ["from=CAROL@example.com", [ids.attached]],
      ["to=alice@example.com", [ids.overdue]],
      ["userEmail=alice@example.com", [ids.lunch, ids.overdue]],
      [`ingestionSourceId=${sourceB}`, [ids.attached]],
      ["hasAttachments=true", [ids.attached]],
      ["hasAttachments=false", [ids.lunch, ids.overdue]],
      ["startDate=2024-02-02", [ids.lunch, ids.attached]],
      ["endDate=2024-02-02", [ids.attached, ids.overdue]],
      ["startDate=2024-02-02T10:00:00Z&endDate=2024-02-02T10:00:00Z", [ids.attached]],
      ["from=&to=&startDate=", [ids.lunch, ids.attached, ids.overdue]],
    ];
    for (const [query, expected] of cases) {
      const response = await search(`query=&${query}`);
      expect({ query, status: response.status, ids: itemIds(response.body) }).toEqual({ query, status: 200, ids: expected });
    }
  });

  it("honours matchingStrategy", async () => {
    expect(itemIds((await search("query=invoice%20lunch")).body)).toEqual([ids.attached, ids.overdue]);
    expect(itemIds((await search("query=invoice%20lunch&matchingStrategy=all")).body)).toEqual([]);
    expect(itemIds((await search("query=invoice%20attached&matchingStrategy=all")).body)).toEqual([ids.attached]);
  });

  it("pages with page and limit", async () => {
    const second = await search("query=&page=2&limit=1");
    expect(second.body).toMatchObject({ total: 3, page: 2, limit: 1 });
    expect(itemIds(second.body)).toEqual([ids.attached]);
    const beyond = await search("query=&page=9&limit=100");
    expect(beyond.body).toMatchObject({ items: [], total: 3, page: 9, limit: 100 });
  });

  it("writes a SEARCH audit entry with the normalized query, actor the caller", async () => {
    await search("query=%20%20Invoice%20&from=Carol@Example.com&hasAttachments=true&startDate=2024-02-01T10:00:00%2B01:00");
    const entry = await db().auditLog.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(entry).toMatchObject({ actionType: "SEARCH", actorIdentifier: "admin@example.com", targetType: "ArchivedEmail" });
    expect(entry.details).toEqual({
      query: {
        query: "Invoice",
        filters: { from: "carol@example.com", hasAttachments: true, startDate: "2024-02-01T09:00:00.000Z" },
        matchingStrategy: "last",
      },
      page: 1,
      limit: 20,
      total: 1,
      totalIsEstimate: false,
      actorUserId: admin.user.id,
    });
  });

  it("restricts results to what the caller's role conditions allow", async () => {
    const everything = await search("query=", aliceOnly.token);
    expect(everything.status).toBe(200);
    expect(itemIds(everything.body)).toEqual([ids.lunch, ids.overdue]);
    expect(everything.body.total).toBe(2);
    const invoice = await search("query=invoice", aliceOnly.token);
    expect(itemIds(invoice.body)).toEqual([ids.overdue]);
    expect(invoice.body.total).toBe(1);
    const bobs = await search("query=&userEmail=bob@example.com", aliceOnly.token);
    expect(bobs.body).toMatchObject({ items: [], total: 0 });
  });

  it("answers 401 without credentials", async () => {
    const response = await api("GET", `${PATH}?query=invoice`);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ status: "error", statusCode: 401, errors: null });
  });

  it("answers 403 to a user without read:archive", async () => {
    const reader = await createUserWithRole(admin.token, [{ action: "read", subject: "users" }]);
    const response = await search("query=invoice", reader.token);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ status: "error", statusCode: 403, errors: null });
  });

  it.each([
    ["matchingStrategy=sometimes", "matchingStrategy"],
    ["limit=101", "limit"],
    ["limit=0", "limit"],
    ["limit=ten", "limit"],
    ["page=0", "page"],
    ["startDate=2024-02-30", "startDate"],
    ["endDate=yesterday", "endDate"],
    ["startDate=2024-02-03&endDate=2024-02-02", "endDate"],
    ["ingestionSourceId=not-a-uuid", "ingestionSourceId"],
    ["hasAttachments=maybe", "hasAttachments"],
    ["subject=invoice", "subject"],
    [`query=${"a".repeat(1001)}`, "query"],
  ])("answers 422 for %s", async (query, field) => {
    const response = await search(query.startsWith("query=") ? query : `query=invoice&${query}`);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ status: "error", statusCode: 422 });
    expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it("answers 405 for other methods", async () => {
    const response = await api("POST", PATH, { token: admin.token, body: {} });
    expect(response.status).toBe(405);
  });
});
