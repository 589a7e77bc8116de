/**
 * Search on the archive generate.ts built (docs/benchmarks.md, "Search at 10M"): the PostgreSQL
 * engine's search() as GET /v1/search calls it (first page of 20, every statement under the search
 * pool's statement timeout and work_mem), without the SEARCH audit entry (a write to the primary).
 *
 *   DATABASE_URL=postgres://archive@127.0.0.1:54350/archive npx tsx scripts/bench/search-scale/measure.ts \
 *     [--per-group 10] [--concurrency 4] [--out result.json] [--groups regex] [--no-word-pairs]
 *     [--no-few-matches-count]
 *
 * With DATABASE_READ_URL set, every search is routed to the replica (withReadRoute), as a replica
 * read of the app is. Queries are drawn from the real sentences the archive was generated from, by
 * how many of them hold a word (a word in 1-3% of sentences is in about 7-19% of emails): groups of
 * common, medium, uncommon and rare words, the operator-free two-word search, boolean, phrase,
 * proximity, prefix and field queries. Pass 1 runs every query once, one at a time (latency);
 * pass 2 runs the same list shuffled with `--concurrency` callers (throughput).
 */
import os from "node:os";
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";

const { values } = parseArgs({
  options: {
    "per-group": { type: "string", default: "10" },
    concurrency: { type: "string", default: "4" },
    out: { type: "string" },
    cgroup: { type: "string" },
    /** Only the groups whose name matches this regular expression. */
    groups: { type: "string" },
    /** Phrases without the word-pair index (docs/search.md, "Phrases"), for a before/after comparison. */
    "no-word-pairs": { type: "boolean", default: false },
    /** Words outside the statistics walked at once, as before their few matches were counted first (docs/search.md, "Cost at scale"). */
    "no-few-matches-count": { type: "boolean", default: false },
  },
});
const perGroup = Number(values["per-group"]);
const concurrency = Number(values.concurrency);

interface Query {
  group: string;
  text: string;
  matchingStrategy?: "last" | "all";
}

interface Outcome {
  group: string;
  text: string;
  ms: number;
  hits: number;
  total: number;
  totalIsEstimate: boolean;
  /** A bounded answer that stopped at its time bound: the share of the archive's dates it searched is from this instant on. */
  searchedFrom?: string;
  /** With DATABASE_READ_URL: whether the replica answered (the read route falls back to the primary past its lag bound). */
  servedByReplica?: boolean;
  error?: string;
}

async function pickQueries(client: pg.Client): Promise<Query[]> {
  const sentences = Number((await client.query("SELECT count(*) AS n FROM bench_sentences")).rows[0].n);
  // Lexemes of the real sentences and in how many sentences each occurs (the simple configuration, as the index).
  await client.query(`CREATE TEMP TABLE lexemes AS
    SELECT word, ndoc FROM ts_stat('SELECT to_tsvector(''simple'', text) FROM bench_sentences') WHERE word ~ '^[a-z]{3,}$'`);
  const words = async (min: number, max: number, count = perGroup) =>
    (
      await client.query<{ word: string }>("SELECT word FROM lexemes WHERE ndoc BETWEEN $1 AND $2 ORDER BY md5(word) LIMIT $3", [
        Math.ceil(min * sentences),
        Math.floor(max * sentences),
        count,
      ])
    ).rows.map((row) => row.word);
  const veryCommon = (await client.query<{ word: string }>("SELECT word FROM lexemes ORDER BY ndoc DESC LIMIT 8")).rows.map(
    (row) => row.word,
  );
  const common = await words(0.01, 0.03, perGroup * 2);
  const medium = await words(0.0005, 0.001, perGroup * 2);
  const uncommon = await words(0.0001, 0.0002, perGroup);
  const rare = await words(0, 1 / sentences, perGroup);
  // Real adjacent word pairs of the sentences (phrases as written).
  const bigrams = (
    await client.query<{ phrase: string }>(
      `SELECT m[1] || ' ' || m[2] AS phrase FROM (SELECT text FROM bench_sentences ORDER BY md5(id::text) LIMIT $1) s,
         LATERAL (SELECT regexp_match(s.text, '\\m([a-z]{4,}) ([a-z]{4,})\\M') AS m) x WHERE m IS NOT NULL`,
      [perGroup * 3],
    )
  ).rows
    .map((row) => row.phrase)
    .slice(0, perGroup);
  // Two common words never adjacent in a sentence (adjacent only where one sentence ends and the next
  // begins): few matches among many candidates, the case a walk cannot finish and a listing reads most.
  await client.query("CREATE TEMP TABLE sentence_vectors AS SELECT to_tsvector('simple', text) AS v FROM bench_sentences");
  const pairs = common.flatMap((first, index) => [1, 2, 3].map((step) => `${first} ${common[(index + step) % common.length]}`));
  const rarePhrases = (
    await client.query<{ phrase: string }>(
      `SELECT phrase FROM unnest($1::text[]) WITH ORDINALITY AS p(phrase, place)
       WHERE NOT EXISTS (SELECT 1 FROM sentence_vectors WHERE v @@ phraseto_tsquery('simple', phrase)) ORDER BY place LIMIT $2`,
      [pairs, perGroup],
    )
  ).rows.map((row) => row.phrase);
  const pick = <T>(list: T[], index: number) => list[index % list.length];
  const senders = (
    await client.query<{ sender_email: string }>(
      "SELECT DISTINCT sender_email FROM (SELECT sender_email FROM archived_emails ORDER BY sent_at DESC LIMIT $1) AS newest ORDER BY 1",
      [perGroup * 5],
    )
  ).rows.map((row) => row.sender_email);
  const queries: Query[] = [];
  const add = (group: string, make: (index: number) => string, matchingStrategy?: "last" | "all") => {
    for (let index = 0; index < perGroup; index++) queries.push({ group, text: make(index), matchingStrategy });
  };
  add("word, very common (50-90% of emails)", (i) => pick(veryCommon, i));
  add("word, common (7-19%)", (i) => common[i]);
  add("word, medium (0.35-0.7%)", (i) => medium[i]);
  add("word, uncommon (0.07-0.14%)", (i) => uncommon[i]);
  add("word, rare (one sentence: ~0.02%)", (i) => rare[i]);
  add("case number (1-5 emails)", (i) => `case${(i * 48611) % 500000}`);
  add("two words, operator-free (common medium)", (i) => `${common[i]} ${medium[i]}`);
  add("two words, all required (common medium)", (i) => `${common[i]} ${medium[i]}`, "all");
  add("boolean AND", (i) => `${common[i]} AND ${pick(common, i + perGroup)}`);
  add("boolean OR / NOT", (i) => (i % 2 === 0 ? `${medium[i]} OR ${uncommon[i]}` : `${common[i]} NOT ${pick(veryCommon, i)}`));
  add("boolean, nested", (i) => `(${medium[i]} OR ${medium[i + perGroup]}) AND NOT ${common[i]}`);
  add("phrase, real bigram", (i) => `"${pick(bigrams, i)}"`);
  add("phrase, rare, of two common words", (i) => `"${pick(rarePhrases, i)}"`);
  add("phrase of very common words", (i) => `"${pick(veryCommon, i)} ${pick(veryCommon, i + 3)}"`);
  add("proximity NEAR/5 (common, medium)", (i) => `${common[i]} NEAR/5 ${medium[i]}`);
  add('proximity "a b"~3 (common, common)', (i) => `"${common[i]} ${pick(common, i + perGroup)}"~3`);
  add("prefix (3 letters of a medium word)", (i) => `${medium[i].slice(0, 3)}* AND ${common[i]}`);
  add("field subject: (common)", (i) => `subject:${common[i]}`);
  add("field from: + word (common)", (i) => `from:${pick(senders, i)} ${common[i]}`);
  add("field sent: range + word (medium)", (i) => `sent:2024-01-01..2024-06-30 ${medium[i]}`);
  add("field has:attachment + word (uncommon)", (i) => `has:attachment ${uncommon[i]}`);
  return queries;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is required");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const groupFilter = values.groups ? new RegExp(values.groups) : null;
  const queries = (await pickQueries(client)).filter((query) => !groupFilter || groupFilter.test(query.group));
  const settings = Object.fromEntries(
    (
      await client.query<{ name: string; setting: string; unit: string | null }>(
        "SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'server_version', 'max_parallel_workers_per_gather', 'effective_cache_size')",
      )
    ).rows.map((row) => [row.name, `${row.setting}${row.unit ? ` ${row.unit}` : ""}`]),
  );
  const archive = (
    await client.query(
      "SELECT reltuples::bigint AS emails, pg_size_pretty(pg_database_size(current_database())) AS database, pg_size_pretty(pg_total_relation_size('archived_emails')) AS email_table, pg_size_pretty(pg_relation_size('archived_emails_search_vector_idx')) AS gin FROM pg_class WHERE relname = 'archived_emails'",
    )
  ).rows[0];
  await client.end();

  const { PostgresSearchEngine } = await import("../../../src/server/search/postgres-search-engine");
  const { normalizeSearchQuery } = await import("../../../src/server/search/search.schemas");
  const { withReadRoute } = await import("../../../src/server/platform/db/replica-reads");
  const { config } = await import("../../../src/server/platform/config/env");
  const engine = new PostgresSearchEngine({
    wordPairs: !values["no-word-pairs"],
    ...(values["no-few-matches-count"] && { fewMatches: 0 }),
  });
  if (!values["no-word-pairs"]) {
    // The worker builds the word-pair index in the background once the setting is on; here it is built first, so the figures are those with it.
    const { syncWordPairsIndex } = await import("../../../src/server/search/sync-word-pairs-index");
    const { updateSettings } = await import("../../../src/server/settings/update-settings");
    const { systemActor } = await import("../../../src/server/audit/append-audit-entry");
    await updateSettings({ actor: systemActor("bench"), input: { phraseIndex: true } });
    const buildStarted = performance.now();
    console.error(`word-pair index: ${await syncWordPairsIndex()} (${Math.round((performance.now() - buildStarted) / 1000)} s)`);
  }
  const viaReplica = config.databaseReadUrls.length > 0;

  const run = async (query: Query): Promise<Outcome> => {
    const started = performance.now();
    try {
      const searchQuery = normalizeSearchQuery({ query: query.text, matchingStrategy: query.matchingStrategy ?? "last" });
      const search = () => engine.search({ query: searchQuery, scope: null, offset: 0, limit: 20, boundedTime: true });
      const routed = viaReplica ? await withReadRoute(null, search) : { result: await search(), replicaLagMs: null };
      const page = routed.result;
      const ms = performance.now() - started;
      return {
        ...query,
        ms,
        hits: page.hits.length,
        total: page.total,
        totalIsEstimate: page.totalIsEstimate,
        ...(page.searchedFrom && { searchedFrom: page.searchedFrom.toISOString() }),
        ...(viaReplica && { servedByReplica: routed.replicaLagMs !== null }),
      };
    } catch (error) {
      return { ...query, ms: performance.now() - started, hits: 0, total: 0, totalIsEstimate: false, error: String(error).slice(0, 200) };
    }
  };

  const cgroup = values.cgroup;
  const cgroupValue = (file: string) => (cgroup ? Number(readFileSync(`/sys/fs/cgroup/memory/${cgroup}/${file}`, "utf8")) : null);
  const started = new Date().toISOString();
  const loadBefore = os.loadavg();
  const sequential: Outcome[] = [];
  for (const query of queries) {
    const outcome = await run(query);
    sequential.push(outcome);
    console.error(
      `${outcome.ms.toFixed(0).padStart(6)} ms  ${outcome.error ? "ERROR " + outcome.error : `${outcome.hits} hits, total ${outcome.total}${outcome.totalIsEstimate ? " (est.)" : ""}${outcome.searchedFrom ? `, bounded: searched from ${outcome.searchedFrom}` : ""}`}  [${query.group}] ${query.text}`,
    );
  }
  const loadMiddle = os.loadavg();
  // Pass 2: the same queries shuffled (fixed order), `concurrency` callers.
  const shuffled = queries.map((query, index) => ({ query, key: (index * 7919) % queries.length })).sort((a, b) => a.key - b.key);
  const concurrent: Outcome[] = [];
  const passStarted = performance.now();
  let next = 0;
  // --concurrency 0: the latency pass only.
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < shuffled.length) concurrent.push(await run(shuffled[next++].query));
    }),
  );
  const passSeconds = (performance.now() - passStarted) / 1000;
  const loadAfter = os.loadavg();

  const summarize = (outcomes: Outcome[]) => {
    const groups = [...new Set(queries.map((query) => query.group))];
    return groups.map((group) => {
      const of = outcomes.filter((outcome) => outcome.group === group);
      const times = of.map((outcome) => outcome.ms).sort((a, b) => a - b);
      return {
        group,
        queries: of.length,
        p50: Math.round(percentile(times, 50)),
        p95: Math.round(percentile(times, 95)),
        max: Math.round(times.at(-1) ?? 0),
        errors: of.filter((outcome) => outcome.error).length,
        estimatedTotals: of.filter((outcome) => outcome.totalIsEstimate).length,
        boundedAnswers: of.filter((outcome) => outcome.searchedFrom).length,
        ...(viaReplica && { servedByReplica: of.filter((outcome) => outcome.servedByReplica).length }),
        medianTotal: [...of.map((outcome) => outcome.total)].sort((a, b) => a - b)[Math.floor(of.length / 2)],
      };
    });
  };
  const all = (outcomes: Outcome[]) => {
    const times = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
    return { p50: Math.round(percentile(times, 50)), p95: Math.round(percentile(times, 95)), max: Math.round(times.at(-1) ?? 0) };
  };
  const result = {
    started,
    host: `${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB RAM`,
    viaReplica,
    settings,
    archive,
    cgroup: cgroup
      ? { name: cgroup, limitBytes: cgroupValue("memory.limit_in_bytes"), maxUsageBytes: cgroupValue("memory.max_usage_in_bytes") }
      : null,
    statementTimeoutMs: config.searchStatementTimeoutMs,
    workMemMb: config.searchWorkMemMb,
    loadAverage: { before: loadBefore, afterPass1: loadMiddle, afterPass2: loadAfter },
    pass1: { concurrency: 1, overall: all(sequential), groups: summarize(sequential) },
    pass2: {
      concurrency,
      seconds: Number(passSeconds.toFixed(1)),
      queriesPerSecond: concurrent.length === 0 ? null : Number((concurrent.length / passSeconds).toFixed(2)),
      overall: all(concurrent),
      groups: summarize(concurrent),
    },
    /** How the engine read the pages, both passes together (walked, listed, sliced, bounded walks' steps). */
    engine: {
      tierPages: engine.tierPages,
      languagePages: engine.languagePages,
      slicedPages: engine.slicedPages,
      boundedWalks: engine.boundedWalks,
    },
    outcomes: sequential,
    concurrentOutcomes: concurrent,
  };
  if (values.out) writeFileSync(values.out, JSON.stringify(result, null, 2));
  const { outcomes: _omitted, concurrentOutcomes: _omittedToo, ...printed } = result;
  console.log(JSON.stringify(printed, null, 2));
  const { disconnectDb } = await import("../../../src/server/platform/db/client");
  await disconnectDb().catch(() => undefined);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
