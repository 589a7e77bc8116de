import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureTestSource, insertTestEmail, type TestEmailOverrides } from "./emails";
import type { ArchiveCondition } from "../../src/server/identity/authz/ability";
import { db, transaction } from "../../src/server/platform/db/client";
import type { SearchEngine, SearchQuery } from "../../src/server/search/search-engine";
import { normalizeSearchQuery } from "../../src/server/search/search.schemas";

export interface SearchEngineContractOptions {
  engine: () => SearchEngine;
  /** Waits until everything inserted so far is searchable (Meilisearch indexes after commit). */
  settle?: () => Promise<void>;
}

const BULK_COUNT = 2600;

/**
 * The behaviour every search adapter must show (docs/search.md). Each adapter's integration test
 * file calls this once; the corpus is inserted through the adapter's own indexEmails.
 */
export function registerSearchEngineContract(options: SearchEngineContractOptions): void {
  const emails: Record<string, string> = {};
  const name = (id: string) => Object.keys(emails).find((key) => emails[key] === id) ?? id;
  let sourceA: string;
  let sourceB: string;
  let bulkIds: string[];

  const engine = () => options.engine();
  const query = (text: string, rest: { matchingStrategy?: string; filters?: Record<string, unknown> } = {}): SearchQuery =>
    normalizeSearchQuery({ query: text, ...rest });

  async function search(searchQuery: SearchQuery, page: { scope?: ArchiveCondition[] | null; offset?: number; limit?: number } = {}) {
    const result = await engine().search({
      query: searchQuery,
      scope: page.scope === undefined ? null : page.scope,
      offset: page.offset ?? 0,
      limit: page.limit ?? 100,
    });
    return { ...result, names: result.hits.map((hit) => name(hit.id)) };
  }
  const namesOf = async (searchQuery: SearchQuery, scope: ArchiveCondition[] | null = null) => (await search(searchQuery, { scope })).names;
  const sorted = (names: string[]) => [...names].sort();

  async function allIds(searchQuery: SearchQuery, pageSize = 1000, scope: ArchiveCondition[] | null = null) {
    const pages: string[][] = [];
    for await (const page of engine().searchAllIds({ query: searchQuery, pageSize, scope })) pages.push(page);
    return pages;
  }

  async function add(key: string, overrides: TestEmailOverrides) {
    const email = await insertTestEmail(
      { subject: "Sample", senderName: "Sam Sender", ingestionSourceId: sourceA, ...overrides },
      { engine: engine() },
    );
    emails[key] = email.id;
  }

  async function addBulk(count: number): Promise<string[]> {
    const batch = randomUUID();
    return transaction(
      async (tx) => {
        const rows = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO archived_emails (id, ingestion_source_id, user_email, message_id_header, sent_at, subject,
          sender_name, sender_email, recipients, recipient_emails, storage_path, storage_hash_sha256, size_bytes, body_text)
        SELECT gen_random_uuid(), ${sourceB}::uuid, 'bulk@example.com', ${batch} || '-' || n,
          timestamptz '2020-01-01T00:00:00Z' + n * interval '1 minute', 'Bulk ' || n, 'Bulk Sender', 'bulk@example.com',
          '[]'::jsonb, '{}', 'test/bulk/' || n, md5(n::text) || md5(${batch} || n), 100, 'bulkword number ' || n
        FROM generate_series(1, ${count}::int) AS n
        RETURNING id`;
        const ids = rows.map((row) => row.id);
        await engine().indexEmails(tx, ids);
        return ids;
      },
      { timeoutMs: 120_000 },
    );
  }

  beforeAll(async () => {
    sourceA = await ensureTestSource("Contract source A");
    sourceB = await ensureTestSource("Contract source B");

    // Matching strategies; s1 is the oldest, so ranking it first shows relevance beats recency.
    await add("s1", { bodyText: "alpha beta gamma", sentAt: "2023-06-01T00:00:00Z" });
    await add("s2", { bodyText: "alpha beta", sentAt: "2023-06-02T00:00:00Z" });
    await add("s3", { bodyText: "alpha gamma", sentAt: "2023-06-03T00:00:00Z" });
    await add("s4", { bodyText: "beta gamma", sentAt: "2023-06-04T00:00:00Z" });
    await add("s5", { bodyText: "alpha", sentAt: "2023-06-05T00:00:00Z" });
    await add("s6", { bodyText: "gamma", sentAt: "2023-06-06T00:00:00Z" });
    await add("s7", { bodyText: "alpha gamma delta", sentAt: "2023-06-07T00:00:00Z" });
    // Frequency: lighthouse is in three emails, walrus (the rarer) in two.
    await add("f1", { bodyText: "lighthouse walrus", sentAt: "2023-07-01T00:00:00Z" });
    await add("f2", { bodyText: "lighthouse", sentAt: "2023-07-02T00:00:00Z" });
    await add("f3", { bodyText: "lighthouse", sentAt: "2023-07-03T00:00:00Z" });
    await add("f4", { bodyText: "walrus", sentAt: "2023-07-04T00:00:00Z" });
    // Phrases.
    await add("p1", { bodyText: "the quick brown fox jumps over the lazy dog", sentAt: "2023-08-01T00:00:00Z" });
    await add("p2", { bodyText: "brown and quick fox", sentAt: "2023-08-02T00:00:00Z" });
    // Fields, attachments, search syntax.
    await add("b1", {
      subject: "Quarterly budget",
      senderName: "Zebediah Quartermaine",
      bodyText: "Please review the budget before Friday.",
      sentAt: "2023-09-01T00:00:00Z",
    });
    await add("b2", {
      subject: "Budget approved",
      bodyText: "The budget was approved by finance.",
      attachments: [{ filename: "roadmap-2024.pdf", mimeType: "application/pdf", extractedText: "forecast figures for next year" }],
      sentAt: "2023-09-02T00:00:00Z",
    });
    // Snippets: markup, quotes and the private-use highlight markers in the body.
    await add("h1", {
      bodyText: `Merger terms: <script>alert("x")</script> & "quotes" when a < b > c \uE000stray\uE001 'single' confidential`,
      sentAt: "2023-10-01T00:00:00Z",
    });
    // Filters and role scope (all contain "ledger").
    await add("x1", {
      bodyText: "ledger one",
      senderEmail: "alice@example.com",
      recipients: [
        { name: "Bob", email: "bob@example.com" },
        { name: "Carol", email: "carol@example.com" },
      ],
      userEmail: "alice@example.com",
      sentAt: "2024-05-01T08:00:00.000Z",
    });
    await add("x2", {
      bodyText: "ledger two",
      senderEmail: "Bob@Example.com",
      recipients: [{ name: "Alice", email: "Alice@Example.com" }],
      userEmail: "bob@example.com",
      ingestionSourceId: sourceB,
      attachments: [{ filename: "notes.txt", mimeType: "text/plain", extractedText: "nothing" }],
      sentAt: "2024-05-02T23:59:59.999Z",
    });
    await add("x3", {
      bodyText: "ledger three",
      senderEmail: "carol@example.com",
      recipients: [{ name: "Dave", email: "dave@example.com" }],
      userEmail: "alice@example.com",
      attachments: [{ filename: "scan.pdf", mimeType: "application/pdf", extractedText: null }],
      sentAt: "2024-05-03T00:00:00.000Z",
    });
    await add("x4", {
      bodyText: "ledger four",
      senderEmail: "dave@example.com",
      recipients: [{ name: "Bob", email: "bob@example.com" }],
      userEmail: "dave@example.com",
      ingestionSourceId: sourceB,
      sentAt: "2024-04-30T23:59:59.999Z",
    });
    // Newest-first ordering among equally relevant emails (o2 and o4 share a timestamp).
    await add("o1", { bodyText: "harbor", sentAt: "2022-01-01T00:00:00Z" });
    await add("o2", { bodyText: "harbor", sentAt: "2022-03-01T00:00:00Z" });
    await add("o3", { bodyText: "harbor", sentAt: "2022-02-01T00:00:00Z" });
    await add("o4", { bodyText: "harbor", sentAt: "2022-03-01T00:00:00Z" });

    bulkIds = await addBulk(BULK_COUNT);
    await options.settle?.();
  });

  describe("indexing", () => {
    it("marks every indexed email as indexed", async () => {
      const pending = await db().archivedEmail.count({ where: { isIndexed: false } });
      expect(pending).toBe(0);
    });
  });

  describe("words and phrases", () => {
    it("finds emails by words of the body, subject, sender name, attachment names and attachment text", async () => {
      expect(sorted(await namesOf(query("budget")))).toEqual(["b1", "b2"]);
      expect(await namesOf(query("quartermaine"))).toEqual(["b1"]);
      expect(await namesOf(query("roadmap"))).toEqual(["b2"]);
      expect(await namesOf(query("forecast"))).toEqual(["b2"]);
      expect(await namesOf(query("approved"))).toEqual(["b2"]);
    });

    it("matches words case-insensitively and whole words only (no prefix expansion)", async () => {
      expect(sorted(await namesOf(query("BUDGET")))).toEqual(["b1", "b2"]);
      expect(await namesOf(query("budg"))).toEqual([]);
    });

    it("matches a quoted phrase only as adjacent words in order", async () => {
      expect(await namesOf(query('"quick brown"'))).toEqual(["p1"]);
      expect(await namesOf(query('"brown quick"'))).toEqual([]);
      expect(sorted(await namesOf(query("quick brown", { matchingStrategy: "all" })))).toEqual(["p1", "p2"]);
      expect(await namesOf(query('"quick brown" lazy', { matchingStrategy: "all" }))).toEqual(["p1"]);
    });

    it("answers an empty query with every email, newest first", async () => {
      const total = await db().archivedEmail.count();
      const newest = await db().archivedEmail.findMany({ orderBy: [{ sentAt: "desc" }, { id: "desc" }], take: 5, select: { id: true } });
      const result = await search(query(""), { limit: 5 });
      expect(result.total).toBe(total);
      expect(result.hits.map((hit) => hit.id)).toEqual(newest.map((email) => email.id));
    });

    it("gives no results for a word that is nowhere", async () => {
      const result = await search(query("xylophonist"));
      expect(result).toMatchObject({ hits: [], total: 0 });
    });
  });

  describe("tsquery and SQL syntax in an operator-free query is plain text", () => {
    it.each(["budget:*", "budget\\", "!budget", "budget <-> nothere", "budget:A", "budget & | ! :* <->"])(
      "%s finds what budget finds",
      async (text) => {
        expect(sorted(await namesOf(query(text)))).toEqual(["b1", "b2"]);
      },
    );

    it("does not negate with ! or combine with | (every word is required under all)", async () => {
      expect(await namesOf(query("budget !approved", { matchingStrategy: "all" }))).toEqual(["b2"]);
      expect(await namesOf(query("budget & approved | friday", { matchingStrategy: "all" }))).toEqual([]);
    });

    it("does not expand a prefix written with :*", async () => {
      expect(await namesOf(query("budg:*"))).toEqual([]);
    });

    it("treats a query without any word like the empty query", async () => {
      const total = await db().archivedEmail.count();
      for (const text of ["& | ! :* <->", "'", "\\", '"', '""']) {
        expect((await search(query(text), { limit: 1 })).total).toBe(total);
      }
    });
  });

  /**
   * The search language (docs/search.md, "Query language"): the PostgreSQL engine runs every
   * construct (tested against a reference evaluator in query-language.int.test.ts); the Meilisearch
   * engine runs the subset it can express exactly (words, phrases, AND, from:, to:, mailbox:,
   * source:, has:attachment, sent:) with the same result set, and refuses every other construct
   * with a 422 naming it, rather than answering a different set. Each row says which engines run it.
   */
  describe("search language", () => {
    const BOTH = ["postgres", "meilisearch"];
    const POSTGRES_ONLY = ["postgres"];
    it.each([
      ["(budget)", ["b1", "b2"], BOTH],
      ['"quick brown" AND fox', ["p1"], BOTH],
      ["ledger from:Alice@Example.com", ["x1"], BOTH],
      ["ledger to:bob@example.com", ["x1", "x4"], BOTH],
      ["ledger mailbox:alice@example.com", ["x1", "x3"], BOTH],
      ["ledger has:attachment", ["x2", "x3"], BOTH],
      ["ledger sent:2024-05-01..2024-05-02", ["x1", "x2"], BOTH],
      ['ledger source:"Contract source B"', ["x2", "x4"], BOTH],
      ["ledger source:nowhere", [], BOTH],
      ["budget AND NOT approved", ["b1"], POSTGRES_ONLY],
      ["-approved budget", ["b1"], POSTGRES_ONLY],
      ["budget OR walrus", ["b1", "b2", "f1", "f4"], POSTGRES_ONLY],
      ["subject:approved", ["b2"], POSTGRES_ONLY],
      ["budg*", ["b1", "b2"], POSTGRES_ONLY],
      ["ledger from:@example.com", ["x1", "x2", "x3", "x4"], POSTGRES_ONLY],
      ['"quick fox"~1', ["p2"], POSTGRES_ONLY],
    ])("%s", async (text, expected, engines) => {
      const searchQuery = query(text);
      if (engines.includes(engine().name)) {
        expect(sorted(await namesOf(searchQuery))).toEqual(expected);
        expect(sorted((await allIds(searchQuery)).flat().map(name))).toEqual(expected);
      } else {
        await expect(search(searchQuery)).rejects.toMatchObject({ code: "VALIDATION" });
      }
    });

    it("an SQL-looking quote in a language query is a word, not SQL", async () => {
      const names = engine().name === "postgres" ? await namesOf(query("budget' OR '1'='1")) : null;
      if (names) expect(names).toEqual(expect.arrayContaining(["b1", "b2"]));
    });

    it("refuses SQL and tsquery syntax that is not the language's with a 422 naming the position", () => {
      expect(() => query("budget & (approved | friday) ()")).toThrow(expect.objectContaining({ code: "VALIDATION" }));
      expect(() => query("budget & | ! ( ) <->")).toThrow(expect.objectContaining({ code: "VALIDATION" }));
    });
  });

  describe("matching strategies", () => {
    it("all: only emails with every word", async () => {
      expect(await namesOf(query("alpha beta gamma", { matchingStrategy: "all" }))).toEqual(["s1"]);
    });

    it("last (the default): every email with the first word, longer matched prefixes first", async () => {
      const names = await namesOf(query("alpha beta gamma"));
      expect(names.slice(0, 2)).toEqual(["s1", "s2"]);
      expect(sorted(names.slice(2))).toEqual(["s3", "s5", "s7"]);
      expect((await search(query("alpha beta gamma"))).total).toBe(5);
      // s7 matches three of the four words but not the first two: it ranks after s2, which does.
      const four = await namesOf(query("alpha beta gamma delta"));
      expect(four.slice(0, 2)).toEqual(["s1", "s2"]);
      expect(sorted(four.slice(2))).toEqual(["s3", "s5", "s7"]);
      expect(sorted(await namesOf(query("walrus lighthouse", { matchingStrategy: "last" })))).toEqual(["f1", "f4"]);
    });

    it("frequency: every email with the rarest word, emails with more words first", async () => {
      for (const text of ["lighthouse walrus", "walrus lighthouse"]) {
        const names = await namesOf(query(text, { matchingStrategy: "frequency" }));
        expect(names).toEqual(["f1", "f4"]);
      }
      const last = await namesOf(query("lighthouse walrus", { matchingStrategy: "last" }));
      expect(last[0]).toBe("f1");
      expect(sorted(last)).toEqual(["f1", "f2", "f3"]);
    });

    it("a word that matches nothing leaves the rest of the query working under last, and empties it under all", async () => {
      expect(sorted(await namesOf(query("budget xylophonist")))).toEqual(["b1", "b2"]);
      expect(await namesOf(query("budget xylophonist", { matchingStrategy: "all" }))).toEqual([]);
    });
  });

  describe("filters", () => {
    const ledger = (filters: Record<string, unknown>) => query("ledger", { filters });

    it("from: the sender address, case-insensitive", async () => {
      expect(await namesOf(ledger({ from: "ALICE@example.com" }))).toEqual(["x1"]);
      expect(await namesOf(ledger({ from: "bob@example.com" }))).toEqual(["x2"]);
      expect(await namesOf(ledger({ from: "example.com" }))).toEqual([]);
    });

    it("to: any recipient address, case-insensitive", async () => {
      expect(await namesOf(ledger({ to: "alice@example.com" }))).toEqual(["x2"]);
      expect(sorted(await namesOf(ledger({ to: "bob@example.com" })))).toEqual(["x1", "x4"]);
      expect(await namesOf(ledger({ to: "carol@example.com" }))).toEqual(["x1"]);
    });

    it("userEmail, ingestionSourceId and hasAttachments", async () => {
      expect(sorted(await namesOf(ledger({ userEmail: "Alice@Example.com" })))).toEqual(["x1", "x3"]);
      expect(sorted(await namesOf(ledger({ ingestionSourceId: sourceB })))).toEqual(["x2", "x4"]);
      expect(sorted(await namesOf(ledger({ hasAttachments: true })))).toEqual(["x2", "x3"]);
      expect(sorted(await namesOf(ledger({ hasAttachments: false })))).toEqual(["x1", "x4"]);
    });

    it("a date covers its whole UTC day, inclusive at both ends", async () => {
      expect(sorted(await namesOf(ledger({ startDate: "2024-05-02" })))).toEqual(["x2", "x3"]);
      expect(sorted(await namesOf(ledger({ endDate: "2024-05-02" })))).toEqual(["x1", "x2", "x4"]);
      expect(await namesOf(ledger({ startDate: "2024-05-02", endDate: "2024-05-02" }))).toEqual(["x2"]);
      expect(await namesOf(ledger({ startDate: "2024-04-30", endDate: "2024-04-30" }))).toEqual(["x4"]);
    });

    it("a date-time is an exact bound, inclusive", async () => {
      expect(sorted(await namesOf(ledger({ startDate: "2024-05-01T08:00:00Z" })))).toEqual(["x1", "x2", "x3"]);
      expect(sorted(await namesOf(ledger({ endDate: "2024-05-01T08:00:00Z" })))).toEqual(["x1", "x4"]);
      expect(sorted(await namesOf(ledger({ startDate: "2024-05-01T08:00:00.001Z" })))).toEqual(["x2", "x3"]);
      expect(await namesOf(ledger({ endDate: "2024-05-01T09:59:59.999+02:00" }))).toEqual(["x4"]);
    });

    it("combines filters with AND, also with an empty query", async () => {
      expect(await namesOf(ledger({ userEmail: "alice@example.com", hasAttachments: true }))).toEqual(["x3"]);
      expect(await namesOf(ledger({ from: "alice@example.com", ingestionSourceId: sourceB }))).toEqual([]);
      expect(await namesOf(query("", { filters: { userEmail: "dave@example.com" } }))).toEqual(["x4"]);
      expect((await search(query("", { filters: { userEmail: "bulk@example.com" } }))).total).toBe(BULK_COUNT);
    });
  });

  describe("role scope", () => {
    const ledger = query("ledger");

    it("null is unrestricted and an empty list shows nothing", async () => {
      expect(sorted(await namesOf(ledger, null))).toEqual(["x1", "x2", "x3", "x4"]);
      expect(await search(ledger, { scope: [] })).toMatchObject({ hits: [], total: 0 });
      expect(await search(query(""), { scope: [] })).toMatchObject({ hits: [], total: 0 });
    });

    it("keeps emails matching any condition; fields within a condition must all match", async () => {
      expect(sorted(await namesOf(ledger, [{ userEmail: "alice@example.com" }]))).toEqual(["x1", "x3"]);
      expect(sorted(await namesOf(ledger, [{ userEmail: "alice@example.com" }, { senderEmail: "dave@example.com" }]))).toEqual([
        "x1",
        "x3",
        "x4",
      ]);
      expect(sorted(await namesOf(ledger, [{ ingestionSourceId: { $in: [sourceB] } }]))).toEqual(["x2", "x4"]);
      expect(await namesOf(ledger, [{ userEmail: "bob@example.com", ingestionSourceId: sourceA }])).toEqual([]);
      expect(await namesOf(ledger, [{ senderEmail: { $in: ["bob@example.com", "nobody@example.com"] } }])).toEqual(["x2"]);
    });

    it("counts only what the scope allows", async () => {
      const result = await search(query(""), { scope: [{ userEmail: "dave@example.com" }] });
      expect(result.total).toBe(1);
      expect(result.names).toEqual(["x4"]);
    });
  });

  describe("ordering and paging", () => {
    it("orders equally relevant emails newest first, then by id descending", async () => {
      const [first, second] = [emails.o2, emails.o4].sort().reverse();
      expect(await namesOf(query("harbor"))).toEqual([name(first), name(second), "o3", "o1"]);
    });

    it("pages consistently through offset and limit, with the full total on every page", async () => {
      const whole = await namesOf(query("harbor"));
      const paged: string[] = [];
      for (let offset = 0; offset < 4; offset++) {
        const page = await search(query("harbor"), { offset, limit: 1 });
        expect(page.total).toBe(4);
        paged.push(...page.names);
      }
      expect(paged).toEqual(whole);
      expect(await search(query("harbor"), { offset: 10, limit: 5 })).toMatchObject({ hits: [], total: 4 });
    });
  });

  describe("snippets", () => {
    it("highlights matched words with <mark> and HTML-escapes everything else", async () => {
      const [hit] = (await search(query("merger"))).hits;
      expect(hit.id).toBe(emails.h1);
      expect(hit.snippet).toContain("<mark>Merger</mark>");
      // Markup may be dropped from a snippet (PostgreSQL's headline skips tags) but never passed through.
      expect(hit.snippet).not.toContain("<script");
      expect(hit.snippet).toContain("alert(&quot;x&quot;)");
      expect(hit.snippet).toContain("&amp; &quot;quotes&quot; when a &lt; b &gt; c stray &#39;single&#39; confidential");
      const withoutMarks = hit.snippet.replaceAll("<mark>", "").replaceAll("</mark>", "");
      expect(withoutMarks).not.toMatch(/[<>"'\uE000\uE001]/);
      expect(hit.snippet.match(/<mark>/g)).toHaveLength(1);
    });

    it("escapes the snippet of an empty query too", async () => {
      const result = await search(query("", { filters: { startDate: "2023-10-01", endDate: "2023-10-01" } }));
      expect(result.names).toEqual(["h1"]);
      expect(result.hits[0].snippet).toContain("a &lt; b &gt; c");
      expect(result.hits[0].snippet).not.toMatch(/[<>"'\uE000\uE001]/);
    });
  });

  describe("searchAllIds", () => {
    it(`returns every match of a ${BULK_COUNT}-email result set in pages of the requested size`, async () => {
      const pages = await allIds(query("bulkword"), 1000);
      expect(pages.map((page) => page.length)).toEqual([1000, 1000, BULK_COUNT - 2000]);
      const ids = pages.flat();
      expect(new Set(ids).size).toBe(BULK_COUNT);
      expect(sorted(ids)).toEqual(sorted(bulkIds));
    });

    it("returns the full result set of each strategy, ignoring relevance", async () => {
      expect(sorted((await allIds(query("alpha beta gamma"))).flat().map(name))).toEqual(["s1", "s2", "s3", "s5", "s7"]);
      expect(sorted((await allIds(query("alpha beta gamma", { matchingStrategy: "all" }))).flat().map(name))).toEqual(["s1"]);
      expect(sorted((await allIds(query("lighthouse walrus", { matchingStrategy: "frequency" }))).flat().map(name))).toEqual(["f1", "f4"]);
      expect(sorted((await allIds(query("bulkword xylophonist"))).flat())).toEqual(sorted(bulkIds));
    });

    it("applies filters and scope, and an empty query yields every email", async () => {
      expect((await allIds(query("ledger", { filters: { hasAttachments: true } }))).flat().map(name).sort()).toEqual(["x2", "x3"]);
      expect((await allIds(query("ledger"), 1000, [{ userEmail: "alice@example.com" }])).flat().map(name).sort()).toEqual(["x1", "x3"]);
      expect((await allIds(query("ledger"), 1000, [])).flat()).toEqual([]);
      const everything = (await allIds(query(""), 700)).flat();
      expect(everything.length).toBe(await db().archivedEmail.count());
      expect(new Set(everything).size).toBe(everything.length);
    });

    it("yields nothing when nothing matches", async () => {
      expect(await allIds(query("xylophonist"))).toEqual([]);
    });
  });
}
