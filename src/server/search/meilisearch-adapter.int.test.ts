import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { withEnv } from "@tests/helpers/with-env";
import { db, transaction } from "../platform/db/client";
import { runNextJob } from "../platform/jobs/run-next-job";
import { forgetPreparedMeiliIndexes, MEILI_INDEX_SETTINGS } from "./meilisearch-index";
import { processSearchIndexJob, processSearchRemoveJob, searchJobHandlers } from "./meilisearch-index-jobs";
import { MeilisearchSearchEngine } from "./meilisearch-search-engine";
import { normalizeSearchQuery } from "./search.schemas";

/**
 * The adapter's side of the conversation with Meilisearch, against a stand-in HTTP server that
 * records requests and answers like Meilisearch's task API. (The full contract suite runs against a
 * real Meilisearch in meilisearch-search-engine.int.test.ts when MEILI_HOST is set.)
 */
interface Recorded {
  method: string;
  path: string;
  body: any;
}

const INDEX = "fake_archive_index";
let server: Server;
let requests: Recorded[] = [];
let failTasks = false;
let searchAnswers: any[] = [];
const tasks = new Map<number, { status: string; error: unknown }>();

function answer(response: import("node:http").ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", () => {
      const url = new URL(request.url!, "http://fake");
      const body = raw ? JSON.parse(raw) : undefined;
      requests.push({ method: request.method!, path: url.pathname + url.search, body });
      const taskMatch = /^\/tasks\/(\d+)$/.exec(url.pathname);
      if (request.method === "GET" && taskMatch) {
        const task = tasks.get(Number(taskMatch[1]))!;
        return answer(response, 200, { uid: Number(taskMatch[1]), indexUid: INDEX, type: "x", enqueuedAt: "", ...task });
      }
      if (request.method === "POST" && url.pathname.endsWith("/search")) {
        return answer(
          response,
          200,
          searchAnswers.shift() ?? { hits: [], totalHits: 0, estimatedTotalHits: 0, processingTimeMs: 0, query: "" },
        );
      }
      const uid = tasks.size + 1;
      const fails = failTasks && url.pathname.includes("/documents");
      tasks.set(
        uid,
        fails ? { status: "failed", error: { message: "disk full", code: "internal" } } : { status: "succeeded", error: null },
      );
      answer(response, 202, { taskUid: uid, indexUid: INDEX, status: "enqueued", type: "x", enqueuedAt: new Date().toISOString() });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
withEnv(() => ({ MEILI_HOST: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, MEILI_INDEX: INDEX }), { scope: "all" });

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests = [];
  failTasks = false;
  searchAnswers = [];
  forgetPreparedMeiliIndexes();
});

const engine = new MeilisearchSearchEngine();
const writes = () => requests.filter((request) => request.method !== "GET");

describe("indexing through the job queue", () => {
  it("indexEmails only queues a job in the transaction; nothing is sent and the email is not yet indexed", async () => {
    const email = await insertTestEmail({ bodyText: "queued" }, { engine });
    expect(requests).toEqual([]);
    expect(email.isIndexed).toBe(false);
    const job = await db().job.findFirstOrThrow({ where: { type: "search.index" }, orderBy: { createdAt: "desc" } });
    expect(job.payload).toEqual({ emailIds: [email.id] });
    expect(job.status).toBe("queued");
  });

  it("queues nothing when the transaction rolls back", async () => {
    const before = await db().job.count();
    await expect(
      transaction(async (tx) => {
        await engine.indexEmails(tx, ["7d0cbd53-3bb8-4a4e-9a55-4a0b5cf5d3f1"]);
        throw new Error("ingest failed");
      }),
    ).rejects.toThrow("ingest failed");
    expect(await db().job.count()).toBe(before);
  });

  it("the job handler applies the index settings, sends the documents, waits and marks the emails indexed", async () => {
    const email = await insertTestEmail(
      {
        subject: "Quarterly \uE000report",
        senderName: "Alice",
        senderEmail: "Alice@Example.com",
        userEmail: "Alice@Example.com",
        recipients: [{ name: "Bob", email: "BOB@example.com" }],
        bodyText: "numbers",
        attachments: [
          { filename: "q1.pdf", extractedText: "revenue" },
          { filename: "scan.png", extractedText: null },
        ],
        sentAt: "2024-03-01T10:00:00.000Z",
      },
      { engine },
    );
    await processSearchIndexJob({ emailIds: [email.id] });

    const [createIndex, settings, documents] = writes();
    expect(createIndex).toMatchObject({ method: "POST", path: "/indexes", body: { uid: INDEX, primaryKey: "id" } });
    expect(settings).toMatchObject({ method: "PATCH", path: `/indexes/${INDEX}/settings`, body: MEILI_INDEX_SETTINGS });
    expect(settings.body.pagination.maxTotalHits).toBeGreaterThanOrEqual(10_000_000);
    expect(documents.method).toBe("POST");
    expect(documents.path).toMatch(new RegExp(`^/indexes/${INDEX}/documents`));
    expect(documents.body).toEqual([
      {
        id: email.id,
        subject: "Quarterly report",
        senderName: "Alice",
        senderEmail: "alice@example.com",
        recipients: ["Bob BOB@example.com"],
        recipientEmails: ["bob@example.com"],
        body: "numbers",
        attachmentNames: expect.arrayContaining(["q1.pdf", "scan.png"]),
        attachmentText: expect.stringContaining("revenue"),
        userEmail: "alice@example.com",
        participantEmails: [],
        ingestionSourceId: email.ingestionSourceId,
        hasAttachments: true,
        sentAtTs: Date.parse("2024-03-01T10:00:00.000Z"),
      },
    ]);
    expect((await db().archivedEmail.findUniqueOrThrow({ where: { id: email.id } })).isIndexed).toBe(true);
  });

  it("sends every email still in the database and skips those deleted meanwhile", async () => {
    const emails = [];
    for (let index = 0; index < 3; index++) emails.push(await insertTestEmail({ bodyText: `batch ${index}` }, { engine }));
    const ids = [...emails.map((email) => email.id), "5f1d2c3b-0000-4000-8000-000000000000"];
    await processSearchIndexJob({ emailIds: ids });
    const sent = writes().filter((request) => request.path.includes("/documents"));
    expect(sent.flatMap((request) => request.body.map((document: { id: string }) => document.id)).sort()).toEqual(
      emails.map((email) => email.id).sort(),
    );
  });

  it("a failed task throws, leaves the email unindexed, and the worker schedules a retry", async () => {
    const email = await insertTestEmail({ bodyText: "will fail" }, { engine });
    failTasks = true;
    await expect(processSearchIndexJob({ emailIds: [email.id] })).rejects.toThrow(/disk full/);
    expect((await db().archivedEmail.findUniqueOrThrow({ where: { id: email.id } })).isIndexed).toBe(false);

    await db().job.updateMany({ where: { status: "queued" }, data: { status: "done" } });
    await transaction((tx) => engine.indexEmails(tx, [email.id]));
    expect(await runNextJob(searchJobHandlers)).toBe(true);
    const job = await db().job.findFirstOrThrow({ where: { type: "search.index" }, orderBy: { createdAt: "desc" } });
    expect(job).toMatchObject({ status: "queued", attempts: 1 });
    expect(job.lastError).toMatch(/disk full/);
    expect(job.runAfter.getTime()).toBeGreaterThan(Date.now());
  });

  it("rejects a malformed payload", async () => {
    await expect(processSearchIndexJob({ emailIds: ["not-a-uuid"] })).rejects.toThrow(/payload/);
    await expect(processSearchRemoveJob({})).rejects.toThrow(/payload/);
  });

  it("removeEmails queues a job whose handler deletes the documents", async () => {
    const id = "6a2f7e55-1111-4222-8333-444455556666";
    await transaction((tx) => engine.removeEmails(tx, [id]));
    const job = await db().job.findFirstOrThrow({ where: { type: "search.remove" } });
    expect(job.payload).toEqual({ emailIds: [id] });
    await processSearchRemoveJob(job.payload as Record<string, unknown>);
    expect(writes().at(-1)).toMatchObject({ method: "POST", path: `/indexes/${INDEX}/documents/delete-batch`, body: [id] });
  });
});

describe("searching", () => {
  it("sends the rebuilt query, filter, strategy, newest-first sort and page, and renders escaped snippets", async () => {
    searchAnswers.push({
      hits: [
        { id: "a", body: "x", subject: "s", _formatted: { body: "…<b>big</b> \uE000budget\uE001 & co…", subject: "s" } },
        { id: "b", body: "", subject: "Re: <budget>", _formatted: { body: "", subject: "Re: <\uE000budget\uE001>" } },
      ],
      totalHits: 42,
      page: 2,
      hitsPerPage: 2,
      totalPages: 21,
      processingTimeMs: 1,
      query: "budget",
    });
    const result = await engine.search({
      query: normalizeSearchQuery({ query: "!budget & q1", matchingStrategy: "frequency", filters: { hasAttachments: true } }),
      scope: [{ userEmail: "Alice@Example.com" }],
      offset: 2,
      limit: 2,
    });
    expect(result).toEqual({
      hits: [
        { id: "a", snippet: "…&lt;b&gt;big&lt;/b&gt; <mark>budget</mark> &amp; co…" },
        { id: "b", snippet: "Re: &lt;<mark>budget</mark>&gt;" },
      ],
      total: 42,
      totalIsEstimate: false,
    });
    const request = requests.find((recorded) => recorded.path.endsWith("/search"))!;
    expect(request.body).toMatchObject({
      q: "budget q1",
      filter: 'hasAttachments = true AND (((userEmail IN ["alice@example.com"] OR participantEmails IN ["alice@example.com"])))',
      matchingStrategy: "frequency",
      sort: ["sentAtTs:desc", "id:desc"],
      page: 2,
      hitsPerPage: 2,
      highlightPreTag: "\uE000",
      highlightPostTag: "\uE001",
    });
  });

  it("does not ask Meilisearch when the scope allows nothing", async () => {
    expect(await engine.search({ query: normalizeSearchQuery({ query: "x" }), scope: [], offset: 0, limit: 10 })).toEqual({
      hits: [],
      total: 0,
      totalIsEstimate: false,
    });
    expect(requests.filter((request) => request.path.endsWith("/search"))).toEqual([]);
  });

  it("searchAllIds pages by offset over a fixed id order until a short page", async () => {
    const ids = (from: number, count: number) => Array.from({ length: count }, (_, index) => ({ id: `id-${from + index}` }));
    searchAnswers.push(
      { hits: ids(0, 3), estimatedTotalHits: 7 },
      { hits: ids(3, 3), estimatedTotalHits: 7 },
      { hits: ids(6, 1), estimatedTotalHits: 7 },
    );
    const pages: string[][] = [];
    for await (const page of engine.searchAllIds({ query: normalizeSearchQuery({ query: "x", matchingStrategy: "all" }), pageSize: 3 })) {
      pages.push(page);
    }
    expect(pages).toEqual([["id-0", "id-1", "id-2"], ["id-3", "id-4", "id-5"], ["id-6"]]);
    const bodies = requests.filter((request) => request.path.endsWith("/search")).map((request) => request.body);
    expect(bodies.map((body) => [body.offset, body.limit])).toEqual([
      [0, 3],
      [3, 3],
      [6, 3],
    ]);
    expect(bodies[0]).toMatchObject({ q: "x", sort: ["id:asc"], matchingStrategy: "all", attributesToRetrieve: ["id"] });
  });

  describe('the search language\'s subset (docs/search.md, "Both engines")', () => {
    const lastSearch = () => requests.filter((request) => request.path.endsWith("/search")).at(-1)!.body;

    it("runs words, phrases, AND and the indexed fields exactly: every clause required, whatever the strategy", async () => {
      const sourceId = await ensureTestSource("Meili language source");
      await engine.search({
        query: normalizeSearchQuery({
          query:
            'merger "due diligence" AND from:Alice@Example.com to:bob@example.com mailbox:carol@example.com source:"meili language source" has:attachment sent:2024-01-01..2024-01-31',
          matchingStrategy: "last",
          filters: { hasAttachments: true },
        }),
        scope: null,
        offset: 0,
        limit: 10,
      });
      expect(lastSearch()).toMatchObject({
        q: '"merger" "due diligence"',
        matchingStrategy: "all",
        filter:
          'hasAttachments = true AND senderEmail = "alice@example.com" AND recipientEmails = "bob@example.com" AND userEmail = "carol@example.com" AND ' +
          `ingestionSourceId IN ["${sourceId}"] AND hasAttachments = true AND sentAtTs >= ${Date.parse("2024-01-01T00:00:00Z")} AND sentAtTs < ${Date.parse("2024-02-01T00:00:00Z")}`,
      });
    });

    it("a source no id or name matches matches nothing; the scope still restricts; searchAllIds sends the same", async () => {
      const pages: string[][] = [];
      for await (const page of engine.searchAllIds({
        query: normalizeSearchQuery({ query: "source:nowhere budget" }),
        pageSize: 5,
        scope: [{ userEmail: "a@x.org" }],
      })) {
        pages.push(page);
      }
      expect(pages).toEqual([]);
      expect(lastSearch()).toMatchObject({
        q: '"budget"',
        matchingStrategy: "all",
        filter: '(((userEmail IN ["a@x.org"] OR participantEmails IN ["a@x.org"]))) AND ingestionSourceId IS NULL',
      });
    });

    it.each([
      ["budget OR forecast", "OR"],
      ["budget -approved", "NOT"],
      ["budget AND NOT approved", "NOT"],
      ['"merger acme"~5', "NEAR"],
      ["merger NEAR/3 acme", "NEAR"],
      ["budg*", "a wildcard *"],
      ["subject:budget", "subject:"],
      ["from:@example.com", "from:@domain"],
      ["cc:bob@example.com", "cc:"],
      ["bcc:bob@example.com", "bcc:"],
      ["filename:report", "filename:"],
      ["size:>5mb", "size:"],
      ["messageid:abc@x", "messageid:"],
      ["(budget OR forecast) from:alice@example.com", "OR"],
    ])("refuses %s with a 422 naming %s, without asking Meilisearch", async (text, construct) => {
      const error = await engine
        .search({ query: normalizeSearchQuery({ query: text }), scope: null, offset: 0, limit: 10 })
        .catch((caught) => caught);
      expect(error).toMatchObject({ code: "VALIDATION" });
      expect(error.fieldErrors[0].message).toContain(`cannot run ${construct} exactly`);
      expect(requests.filter((request) => request.path.endsWith("/search"))).toEqual([]);
    });
  });
});
