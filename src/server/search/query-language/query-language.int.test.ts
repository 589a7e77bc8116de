import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { queryOf } from "@tests/helpers/query-language-arbitraries";
import { matchesReference, type ReferenceEmail } from "@tests/helpers/reference-query-evaluator";
import { db } from "../../platform/db/client";
import { PostgresSearchEngine } from "../postgres-search-engine";
import { parseSearchQuery } from "./parse-search-query";

/**
 * The PostgreSQL engine against the reference evaluator: random queries of the grammar over a
 * generated corpus give identical result sets. Text words come from VOCABULARY; names, addresses
 * and file names use other words, so only the fields a query names can match its words.
 */
const VOCABULARY = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
const PEOPLE = ["quinn@acme.example", "romeo@acme.example", "sierra@globex.example", "tango@globex.example", "victor@initech.example"];
const MAILBOXES = ["quinn@acme.example", "sierra@globex.example"];
const FILES = ["report.pdf", "invoice-final.txt", "memo_v2.docx"];

function corpusEmail(random: () => number, index: number, sources: { id: string; name: string }[]): ReferenceEmail {
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
  const words = (min: number, max: number) => Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, () => pick(VOCABULARY));
  const some = (items: string[], max: number) => [...new Set(Array.from({ length: Math.floor(random() * (max + 1)) }, () => pick(items)))];
  const attachment = random() < 0.4;
  const source = pick(sources);
  return {
    id: "",
    subject: words(1, 4),
    body: words(3, 25),
    attachmentText: attachment ? words(0, 8) : null,
    attachmentName: attachment ? pick(FILES) : null,
    senderEmail: pick(PEOPLE),
    to: some(PEOPLE, 2),
    cc: some(PEOPLE, 2),
    bcc: some(PEOPLE, 1),
    mailbox: pick(MAILBOXES),
    sourceId: source.id,
    sourceName: source.name,
    sentAt: new Date(Date.UTC(2024, Math.floor(random() * 3), 1 + Math.floor(random() * 28), Math.floor(random() * 24))),
    sizeBytes: 500 + Math.floor(random() * 9_500),
    messageId: `m${index}@corpus.example`,
  };
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const word = fc.constantFrom(...VOCABULARY);
const person = fc.constantFrom(...PEOPLE);
const clause = fc.oneof(
  word,
  word,
  fc.tuple(word, word).map(([a, b]) => `"${a} ${b}"`),
  word.map((text) => `${text.slice(0, 3)}*`),
  fc.tuple(word, word, fc.integer({ min: 1, max: 6 })).map(([a, b, n]) => `${a} NEAR/${n} ${b}`),
  fc.tuple(word, word, fc.integer({ min: 1, max: 6 })).map(([a, b, n]) => `"${a} ${b}"~${n}`),
  fc.tuple(fc.constantFrom("subject", "body", "attachment"), word).map(([field, text]) => `${field}:${text}`),
  fc.tuple(fc.constantFrom("subject", "body", "attachment"), word, word).map(([field, a, b]) => `${field}:"${a} ${b}"`),
  fc.tuple(fc.constantFrom("from", "to", "cc", "bcc"), person).map(([field, address]) => `${field}:${address}`),
  fc
    .tuple(fc.constantFrom("from", "to", "cc", "bcc"), fc.constantFrom("acme.example", "globex.example", "initech.example"))
    .map(([field, domain]) => `${field}:@${domain}`),
  fc.constantFrom(...MAILBOXES).map((address) => `mailbox:${address}`),
  fc.constantFrom("has:attachment", "filename:report", "filename:inv*", "filename:memo_v2.docx", "source:Corpus-A", 'source:"corpus-b"'),
  fc.constantFrom(
    "sent:2024-01-01..2024-01-31",
    "sent:>=2024-02-15",
    "sent:<2024-02-01",
    "sent:2024-03-03",
    "size:>5kb",
    "size:1kb..3kb",
    "messageid:<m3@corpus.example>",
  ),
);
const query = queryOf(clause);

describe("search language on PostgreSQL", () => {
  const engine = new PostgresSearchEngine();
  const corpus: ReferenceEmail[] = [];

  beforeAll(async () => {
    const sources = [
      { id: await ensureTestSource("Corpus-A"), name: "Corpus-A" },
      { id: await ensureTestSource("Corpus-B"), name: "Corpus-B" },
    ];
    const random = seeded(20261125);
    for (let index = 0; index < 80; index++) {
      const email = corpusEmail(random, index, sources);
      const row = await insertTestEmail({
        ingestionSourceId: email.sourceId,
        userEmail: email.mailbox,
        messageIdHeader: email.messageId,
        sentAt: email.sentAt,
        sizeBytes: email.sizeBytes,
        subject: email.subject.join(" "),
        senderName: "Sender",
        senderEmail: email.senderEmail,
        recipients: [...email.to, ...email.cc, ...email.bcc].map((address) => ({ name: "Person", email: address })),
        cc: email.cc,
        bcc: email.bcc,
        bodyText: email.body.join(" "),
        attachments: email.attachmentName ? [{ filename: email.attachmentName, extractedText: email.attachmentText!.join(" ") }] : [],
      });
      corpus.push({ ...email, id: row.id });
    }
  });

  const run = async (text: string) => {
    const ids: string[] = [];
    for await (const page of engine.searchAllIds({ query: { query: text, filters: {}, matchingStrategy: "last" }, pageSize: 1000 }))
      ids.push(...page);
    return ids.sort();
  };
  const expected = (text: string) =>
    corpus
      .filter((email) => matchesReference(parseSearchQuery(text)!.tree, email))
      .map((email) => email.id)
      .sort();

  it("gives the reference evaluator's result set for random queries of the grammar", async () => {
    await fc.assert(
      fc.asyncProperty(query, async (text) => {
        if (!parseSearchQuery(text)) return;
        expect(await run(text)).toEqual(expected(text));
      }),
      { numRuns: 150, seed: 7 },
    );
  }, 300_000);

  it.each([
    ["alpha AND NOT bravo"],
    ['(subject:alpha OR body:"bravo charlie") -cc:@acme.example'],
    ["alpha NEAR/3 hotel OR gol*"],
    ["from:@globex.example sent:2024-02-01..2024-02-29 has:attachment"],
  ])("every construct matches something and not everything: %s", async (text) => {
    const ids = await run(text);
    expect(ids).toEqual(expected(text));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(corpus.length);
  });

  it("never matches a phrase or proximity across the end of the subject and the start of the body", async () => {
    const email = await insertTestEmail({ subject: "quarterly zulu", bodyText: "yankee results follow" });
    expect(await run('"zulu yankee"')).not.toContain(email.id);
    expect(await run("zulu NEAR/1 yankee")).not.toContain(email.id);
    expect(await run('"quarterly zulu" "yankee results"')).toContain(email.id);
  });

  it("pages language queries newest first, with exact totals", async () => {
    const page = await engine.search({
      query: { query: "alpha OR bravo", filters: {}, matchingStrategy: "last" },
      scope: null,
      offset: 0,
      limit: 5,
      exactTotal: true,
    });
    const newest = await db().archivedEmail.findMany({
      where: { id: { in: expected("alpha OR bravo") } },
      orderBy: [{ sentAt: "desc" }, { id: "desc" }],
      take: 5,
      select: { id: true },
    });
    expect(page.total).toBe(expected("alpha OR bravo").length);
    expect(page.hits.map((hit) => hit.id)).toEqual(newest.map((email) => email.id));
  });

  // Runs last: its email is outside the reference corpus and matches NOT clauses.
  it("treats an email not yet in the PostgreSQL index as one without words: NOT of any word clause matches it", async () => {
    const email = await insertTestEmail({ senderEmail: "pending@unindexed.example", subject: "alpha", bodyText: "alpha bravo" });
    await db().$executeRaw`UPDATE archived_emails SET search_vector = NULL, is_indexed = false WHERE id = ${email.id}::uuid`;
    const sender = "from:pending@unindexed.example";
    for (const text of [
      `${sender} -alpha`,
      `${sender} NOT (alpha OR bra*)`,
      `${sender} NOT alpha NEAR/2 bravo`,
      `${sender} -"alpha bravo"`,
      `${sender} NOT (alpha OR from:nobody@unindexed.example)`,
      `${sender} (alpha OR -bravo)`,
    ]) {
      expect(await run(text), text).toEqual([email.id]);
    }
    for (const text of [
      `${sender} alpha`,
      `${sender} (alpha OR -bravo) alpha`,
      `${sender} NOT -alpha`,
      `${sender} (alpha OR has:attachment)`,
    ]) {
      expect(await run(text), text).toEqual([]);
    }
    expect(await run("-alpha")).toContain(email.id);
    expect(await run("alpha OR NOT bravo")).toContain(email.id);
  });
});
