import { beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { db } from "../platform/db/client";
import { connectDedicatedPgClient } from "../platform/db/pg-pool";
import { syncWordPairsIndex } from "./sync-word-pairs-index";
import { wordPairsIndexStatus } from "./word-pairs-index-status";
import { updateSettings } from "../settings/update-settings";
import { systemActor } from "../audit/append-audit-entry";
import { PostgresSearchEngine } from "./postgres-search-engine";
import { forgetWordPairsIndexState } from "./word-pairs-index";
import {
  dropWordPairsIndexConcurrently,
  selectWordPairsIndexState,
  tryLockWordPairsBuild,
  unlockWordPairsBuild,
} from "./word-pairs-index.queries";
import { normalizeSearchQuery } from "./search.schemas";

/**
 * The word-pair index (word-pairs.ts) must never change a result set: word_pairs() holds exactly
 * the pairs `<->` finds in the stored vector, and every query gives the same emails with the pair
 * condition as without it. The corpus is real sentences, cut, repeated and shuffled, across
 * subject, body and attachment, with bodies past the position caps of a tsvector.
 */
const SENTENCES = [
  "The quick brown fox jumps over the lazy dog",
  "It was the best of times it was the worst of times",
  "All happy families are alike but every unhappy family is unhappy in its own way",
  "Call me Ishmael and some years ago I went to sea",
  "The board approved the budget for the next quarter of the year",
  "Please send the signed contract to the legal team before the end of the week",
  "We will meet in the conference room on the third floor at noon",
  "The invoice was paid in full and the receipt is attached to this message",
  "In the beginning the project was small but it grew over the years",
  "Of the two offers the second one was better for the company and the team",
  "O'Neil's report on the state of the art is due by the end of the month",
  "The the the report report on on the year",
];
const VOCABULARY = [...new Set(SENTENCES.join(" ").toLowerCase().split(/\s+/))];

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const random = seeded(20261129);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
const words = (sentence: string) => sentence.split(" ");
/** A sentence, or its words shuffled, or a cut of it: real neighbours and new ones. */
function text(sentences: number): string {
  return Array.from({ length: sentences }, () => {
    const sentence = words(pick(SENTENCES));
    const roll = random();
    if (roll < 0.2) return [...sentence].sort(() => random() - 0.5).join(" ");
    if (roll < 0.4) return sentence.slice(Math.floor(random() * sentence.length)).join(" ");
    return sentence.join(" ");
  }).join(". ");
}

let sourceId: string;
const corpus: string[] = [];

beforeAll(async () => {
  sourceId = await ensureTestSource("Word pairs source");
  const insert = async (fields: { subject: string; bodyText: string; attachment?: string }) => {
    const email = await insertTestEmail({
      ingestionSourceId: sourceId,
      subject: fields.subject,
      bodyText: fields.bodyText,
      attachments: fields.attachment ? [{ filename: "notes.txt", extractedText: fields.attachment }] : [],
      sentAt: new Date(Date.UTC(2091, 0, 1, corpus.length)),
    });
    corpus.push(email.id);
  };
  for (let index = 0; index < 120; index++) {
    const subject = words(pick(SENTENCES));
    await insert({
      // A subject ending mid-sentence: its last word and the body's first are neighbours in the vector, in different weights.
      subject: subject.slice(0, 1 + Math.floor(random() * subject.length)).join(" "),
      bodyText: text(1 + Math.floor(random() * 5)),
      attachment: random() < 0.3 ? text(1 + Math.floor(random() * 3)) : undefined,
    });
  }
  // Past the caps: positions stop at 16383 (every later word shares it) and a lexeme keeps at most 256 positions.
  await insert({ subject: "long", bodyText: `${"the report of the year ".repeat(3400)} quick brown fox jumps over the lazy dog` });
  await insert({ subject: "many", bodyText: `${"the ".repeat(300)}lazy dog and the board approved it` });
  // Two common words that are rarely neighbours: "west" and "north" in every email of these, adjacent in three.
  for (let index = 0; index < 250; index++) {
    await insert({ subject: "compass", bodyText: index % 80 === 0 ? "go west north then" : "north and south and east and west" });
  }
  await db().$executeRawUnsafe("ANALYZE archived_emails");
}, 240_000);

describe("word_pairs()", () => {
  it("holds exactly the pairs of lexemes `<->` finds in the stored vector, no more, no fewer", async () => {
    // Every ordered pair of each email's lexemes: adjacent by `<->` exactly when word_pairs() holds it.
    const rows = await db().$queryRaw<{ checked: number; differing: number }[]>(Prisma.sql`
      WITH vectors AS (
        SELECT e.id, e.search_vector AS vector, word_pairs(e.search_vector) AS pairs FROM archived_emails e WHERE e.id = ANY(${corpus}::uuid[])
      ), quoted AS (
        SELECT v.id, v.vector, v.pairs, l.lexeme, '''' || replace(replace(l.lexeme, '\\', '\\\\'), '''', '''''') || '''' AS quoted
        FROM vectors v CROSS JOIN LATERAL unnest(tsvector_to_array(v.vector)) AS l(lexeme)
      )
      SELECT count(*)::int AS checked,
        count(*) FILTER (WHERE (a.vector @@ (a.quoted || ' <-> ' || b.quoted)::tsquery)
          IS DISTINCT FROM (a.pairs @@ ('''' || replace(replace(a.lexeme || ' ' || b.lexeme, '\\', '\\\\'), '''', '''''') || '''')::tsquery))::int AS differing
      FROM quoted a JOIN quoted b ON b.id = a.id`);
    expect(rows[0].checked).toBeGreaterThan(100_000);
    expect(rows[0].differing).toBe(0);
  });

  it("counts each adjacent pair once and no pair beyond the position cap", async () => {
    const rows = await db().$queryRaw<{ pairs: string }[]>(
      Prisma.sql`SELECT word_pairs(to_tsvector('simple', ${`a b a b ${"x ".repeat(16400)}c d`}))::text AS pairs`,
    );
    expect(rows[0].pairs).toBe("'a b' 'b a' 'b x' 'x x'");
  });
});

const setPhraseIndex = (phraseIndex: boolean) => updateSettings({ actor: systemActor("test"), input: { phraseIndex } });

/** The worker's audit entries of the index: what it did, in order. */
async function indexChanges(): Promise<unknown[]> {
  const entries = await db().auditLog.findMany({ where: { targetType: "Settings", targetId: "phraseIndex" }, orderBy: { id: "asc" } });
  return entries.map((entry) => [entry.actorIdentifier, (entry.details as { wordPairIndex: string }).wordPairIndex]);
}

describe("the background build of the word-pair index", () => {
  it("follows the setting: absent while off, built once on, left to the lock's holder, rebuilt when invalid, dropped when off", async () => {
    await dropWordPairsIndexConcurrently(db());
    expect(await syncWordPairsIndex(), "off by default").toBe("as set");
    expect(await selectWordPairsIndexState(db())).toBe("absent");
    expect(await wordPairsIndexStatus(db())).toEqual({ enabled: false, state: "off", progress: null });

    await setPhraseIndex(true);
    expect(await wordPairsIndexStatus(db())).toEqual({ enabled: true, state: "pending", progress: null });
    expect(await syncWordPairsIndex()).toBe("built");
    expect(await wordPairsIndexStatus(db())).toEqual({ enabled: true, state: "ready", progress: null });
    expect(await selectWordPairsIndexState(db())).toBe("valid");
    expect(await syncWordPairsIndex()).toBe("as set");

    // What a crash in the middle of CREATE INDEX CONCURRENTLY leaves: the index, marked invalid.
    await db().$executeRawUnsafe("UPDATE pg_index SET indisvalid = false WHERE indexrelid = 'archived_emails_word_pairs_idx'::regclass");
    expect(await selectWordPairsIndexState(db())).toBe("invalid");
    forgetWordPairsIndexState();
    const condition = await new PostgresSearchEngine().matchingCondition(db(), {
      query: normalizeSearchQuery({ query: '"west north"', matchingStrategy: "all", filters: {} }),
      scope: null,
    });
    expect(condition.sql, "an invalid index is not asked").not.toContain("word_pairs(");

    // Another process building (holding the lock): this one leaves the index alone.
    const { client } = await connectDedicatedPgClient();
    try {
      expect(await tryLockWordPairsBuild(client)).toBe(true);
      expect(await syncWordPairsIndex()).toBe("another process builds it");
      expect(await selectWordPairsIndexState(db())).toBe("invalid");
      await unlockWordPairsBuild(client);
    } finally {
      await client.end();
    }
    expect(await syncWordPairsIndex()).toBe("rebuilt");
    expect(await selectWordPairsIndexState(db())).toBe("valid");

    await setPhraseIndex(false);
    expect(await wordPairsIndexStatus(db())).toEqual({ enabled: false, state: "dropping", progress: null });
    expect(await syncWordPairsIndex()).toBe("dropped");
    expect(await selectWordPairsIndexState(db())).toBe("absent");
    expect(await indexChanges()).toEqual([
      ["worker", "built"],
      ["worker", "built"],
      ["worker", "dropped"],
    ]);
  }, 120_000);

  it("shows a build in hand with PostgreSQL's progress", async () => {
    await setPhraseIndex(true);
    await dropWordPairsIndexConcurrently(db());
    // A transaction that wrote to the table holds the build in its first wait, where it can be watched.
    const { client } = await connectDedicatedPgClient();
    let building: Promise<string> | null = null;
    try {
      await client.query("BEGIN");
      await client.query("LOCK TABLE archived_emails IN ROW EXCLUSIVE MODE");
      building = syncWordPairsIndex();
      let status = await wordPairsIndexStatus(db());
      for (let attempt = 0; status.state !== "building" && attempt < 100; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = await wordPairsIndexStatus(db());
      }
      expect(status).toMatchObject({ enabled: true, state: "building", progress: { phase: expect.stringContaining("waiting") } });
    } finally {
      await client.query("COMMIT");
      await client.end();
    }
    expect(await building).toBe("built");
    expect((await wordPairsIndexStatus(db())).state).toBe("ready");
    await setPhraseIndex(false);
    expect(await syncWordPairsIndex()).toBe("dropped");
  }, 120_000);

  it("cancels a build in hand on a stop request and leaves no invalid index behind", async () => {
    await setPhraseIndex(true);
    await dropWordPairsIndexConcurrently(db());
    const stop = new AbortController();
    stop.abort();
    expect(await syncWordPairsIndex({ signal: stop.signal })).toBe("stopped");
    expect(await selectWordPairsIndexState(db())).toBe("absent");
    await setPhraseIndex(false);
  }, 120_000);
});

describe.each([
  {
    state: "built" as const,
    prepare: async () => {
      await setPhraseIndex(true);
      await syncWordPairsIndex();
    },
  },
  {
    state: "absent" as const,
    prepare: async () => {
      await setPhraseIndex(false);
      await syncWordPairsIndex();
    },
  },
])("phrases with the word-pair index $state", ({ state, prepare }) => {
  beforeAll(async () => {
    await prepare();
    forgetWordPairsIndexState();
    expect(await selectWordPairsIndexState(db())).toBe(state === "built" ? "valid" : "absent");
  }, 120_000);

  const withPairs = new PostgresSearchEngine();
  const withoutPairs = new PostgresSearchEngine({ wordPairs: false });
  const query = (text: string, matchingStrategy: "last" | "all" = "all") =>
    normalizeSearchQuery({ query: text, matchingStrategy, filters: { ingestionSourceId: sourceId } });
  const ids = async (engine: PostgresSearchEngine, text: string, matchingStrategy?: "last" | "all") => {
    const found: string[] = [];
    for await (const page of engine.searchAllIds({ query: query(text, matchingStrategy), pageSize: 1000 })) found.push(...page);
    return found.sort();
  };

  /** Phrases of neighbours in the sentences, of words never neighbours, fielded, combined, and proximity beside them. */
  function queries(): string[] {
    const bigrams = SENTENCES.flatMap((sentence) =>
      words(sentence.toLowerCase())
        .slice(1)
        .map((word, index) => `${words(sentence.toLowerCase())[index]} ${word}`),
    );
    const list = new Set<string>();
    for (const bigram of bigrams) list.add(`"${bigram}"`);
    for (let index = 0; index < 60; index++) list.add(`"${pick(VOCABULARY)} ${pick(VOCABULARY)}"`);
    for (let index = 0; index < 20; index++) {
      const sentence = words(pick(SENTENCES).toLowerCase());
      const start = Math.floor(random() * (sentence.length - 2));
      list.add(`"${sentence.slice(start, start + 3 + Math.floor(random() * 3)).join(" ")}"`);
    }
    for (let index = 0; index < 15; index++) {
      const [a, b] = [pick(bigrams), pick(bigrams)];
      list.add(`${pick(["subject", "body", "attachment"])}:"${a}"`);
      list.add(`"${a}" OR "${b}"`);
      list.add(`"${a}" AND NOT "${b}"`);
      list.add(`"${a}" OR ${pick(VOCABULARY)}`);
      list.add(`NOT "${a}"`);
      list.add(`"${a}" ${pick(VOCABULARY)} NEAR/3 ${pick(VOCABULARY)}`);
      list.add(`"${pick(VOCABULARY)} ${pick(VOCABULARY)}"~${1 + Math.floor(random() * 4)}`);
      list.add(`("${a}" OR subject:"${b}") AND ${pick(VOCABULARY)}`);
    }
    // Across the end of the subject and the start of the body (neighbours in the vector, never in one field).
    list.add('"west north"');
    list.add('"long the"');
    list.add('"many the"');
    list.add('"lazy dog" "the board"');
    list.add("\"o'neil's report\"");
    return [...list];
  }

  it("answers every phrase and proximity query with the same emails as without it", async () => {
    let nonEmpty = 0;
    let pairsAsked = 0;
    for (const text of queries()) {
      const expected = await ids(withoutPairs, text);
      expect(await ids(withPairs, text), text).toEqual(expected);
      if (expected.length > 0) nonEmpty += 1;
      const condition = await withPairs.matchingCondition(db(), { query: query(text), scope: null });
      if (condition.sql.includes("word_pairs(")) pairsAsked += 1;
    }
    expect(nonEmpty).toBeGreaterThan(100);
    // Only a valid index is asked: without it the pairs would be computed row by row.
    if (state === "built") expect(pairsAsked).toBeGreaterThan(150);
    else expect(pairsAsked).toBe(0);
  }, 300_000);

  it("pages operator-free phrases and their tiers as without it", async () => {
    for (const text of ['"of the" "the year" report', '"the report" times', '"the lazy" "lazy dog" fox', '"budget for the next quarter"']) {
      for (const matchingStrategy of ["last", "all"] as const) {
        const page = (engine: PostgresSearchEngine) =>
          engine.search({ query: query(text, matchingStrategy), scope: null, offset: 0, limit: 500, exactTotal: true });
        expect(await page(withPairs), `${text} (${matchingStrategy})`).toEqual(await page(withoutPairs));
      }
    }
  }, 120_000);

  it.runIf(state === "built")("finds a phrase of two common words through the word-pair index", async () => {
    // Both words are in hundreds of emails, neighbours in three: the plan must read the pair index, not every email with both.
    for (const text of ['"west north"', 'body:"west north"', '"west north" OR "north west"']) {
      const condition = await withPairs.matchingCondition(db(), { query: query(text), scope: null });
      const plan = await db().$queryRaw<{ "QUERY PLAN": string }[]>(
        Prisma.sql`EXPLAIN SELECT e.id FROM archived_emails e WHERE ${condition}`,
      );
      expect(plan.map((row) => row["QUERY PLAN"]).join("\n"), text).toContain("archived_emails_word_pairs_idx");
    }
  });
});
