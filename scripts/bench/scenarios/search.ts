import pg from "pg";
import { searchArchive } from "../../../src/server/search/search-archive";
import { AppError } from "../../../src/server/platform/errors/app-error";
import { normalizeSearchQuery, searchRequestSchema } from "../../../src/server/search/search.schemas";
import { explainSearch } from "../../../src/server/search/explain-search";
import type { HostileQuery, LanguageQuery } from "../queries";
import { summarizeLatencies } from "../stats";
import { benchPrincipal } from "./principal";
import { machineBusyMs, postgresCpuReader, processCpuMs } from "../cpu";

/**
 * Runs `work` for the items with `concurrency` loops, taking no new item after `maxSeconds`;
 * returns per-item latencies (ms) and the wall time.
 */
async function timedLoops<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>, maxSeconds = Infinity) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const deadline = started + maxSeconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length && performance.now() < deadline) {
        const item = items[next++];
        const begin = performance.now();
        await work(item);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

/**
 * Runs a search and says whether the statement timeout stopped it (a 503 the interface documents):
 * counted and reported, not a crash of the whole scenario (the latency still counts the wait).
 */
async function stoppedByTimeout(search: () => Promise<unknown>): Promise<boolean> {
  try {
    await search();
    return false;
  } catch (error) {
    if (error instanceof AppError && error.code === "UNAVAILABLE") return true;
    throw error;
  }
}

/**
 * The hostile searches, `concurrency` at a time, each validated by the REST route's schema and run
 * by its use case: the worst latency per kind, and how many were refused (422) or stopped by the
 * statement timeout (503).
 */
async function hostileSearches(principal: Awaited<ReturnType<typeof benchPrincipal>>, queries: HostileQuery[], concurrency: number) {
  const worstMs: Record<string, number> = {};
  const outcomes: Record<string, number> = {};
  const run = await timedLoops(queries, concurrency, async ({ kind, params }) => {
    const begin = performance.now();
    let outcome = "200";
    try {
      const request = searchRequestSchema.safeParse(params);
      if (!request.success) outcome = "422";
      else await searchArchive({ principal, query: request.data.searchQuery, page: request.data.page, limit: request.data.limit });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "UNAVAILABLE") throw error;
      outcome = "503";
    }
    worstMs[kind] = Math.max(worstMs[kind] ?? 0, performance.now() - begin);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  });
  return { queries: run.latencies.length, worstMs, outcomes, latency: summarizeLatencies(run.latencies) };
}

/**
 * The search language's queries, `concurrency` at a time, through the same use case: latency per
 * group. Then explain against the query itself, one at a time on the same queries: the ratio of
 * their times (docs/search.md, "Explain before you apply").
 */
async function languageSearches(
  principal: Awaited<ReturnType<typeof benchPrincipal>>,
  queries: LanguageQuery[],
  concurrency: number,
  maxSeconds: number,
) {
  const byGroup: Record<string, number[]> = {};
  const stoppedByGroup: Record<string, number> = {};
  await timedLoops(
    queries,
    concurrency,
    async ({ group, query }) => {
      const begin = performance.now();
      if (await stoppedByTimeout(() => searchArchive({ principal, query: normalizeSearchQuery({ query }), page: 1, limit: 20 })))
        stoppedByGroup[group] = (stoppedByGroup[group] ?? 0) + 1;
      (byGroup[group] ??= []).push(performance.now() - begin);
    },
    maxSeconds,
  );
  const explained = queries.filter((_, index) => index % 4 === 0).slice(0, 30);
  const queryMs: number[] = [];
  const explainMs: number[] = [];
  let explainsStopped = 0;
  for (const { query } of explained) {
    const searchQuery = normalizeSearchQuery({ query });
    let begin = performance.now();
    const queryStopped = await stoppedByTimeout(() => searchArchive({ principal, query: searchQuery, page: 1, limit: 20 }));
    queryMs.push(performance.now() - begin);
    begin = performance.now();
    if ((await stoppedByTimeout(() => explainSearch({ principal, query: searchQuery }))) || queryStopped) explainsStopped += 1;
    explainMs.push(performance.now() - begin);
  }
  const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
  return {
    groups: Object.fromEntries(
      Object.entries(byGroup).map(([group, latencies]) => [
        group,
        { queries: latencies.length, stopped: stoppedByGroup[group] ?? 0, latency: summarizeLatencies(latencies) },
      ]),
    ),
    explain: {
      queries: explained.length,
      queryMs: total(queryMs),
      explainMs: total(explainMs),
      explainP95: summarizeLatencies(explainMs).p95,
      stopped: explainsStopped,
    },
  };
}

/**
 * Archive search through the use case the REST route calls (ranking, snippets, the SEARCH audit
 * entry), 2-3 word queries, half of them with filters. Baseline: a plain SELECT of the same
 * result rows by id, at the same concurrency. Then the hostile searches, three at a time.
 *
 * The measured queries come after a first pass of as many other queries of the same kinds
 * (`warmUp`, another seed), at the same concurrency: the archive was just loaded, so PostgreSQL's
 * shared buffers hold none of its index and heap pages, which a running server that has answered
 * searches holds. Other queries, so that no answer or estimate of the measured ones is kept from
 * it. The first pass is timed too and reported beside.
 */
export async function searchScenario(params: {
  queries: { query: string; filters?: Record<string, unknown> }[];
  warmUp: { query: string; filters?: Record<string, unknown> }[];
  hostile: HostileQuery[];
  language: LanguageQuery[];
  concurrency: number;
  maxSeconds: number;
}) {
  const principal = await benchPrincipal();
  const pageIds: string[][] = [];
  const engineMs: number[] = [];
  let totalHits = 0;
  let stopped = 0;
  const postgresCpuMs = await postgresCpuReader();
  const cpuNow = () => ({ node: processCpuMs(), postgres: postgresCpuMs(), machine: machineBusyMs() });
  /** The CPU of each kind per query since `start`, over `queries` queries. */
  const cpuPerQuery = (start: ReturnType<typeof cpuNow>, queries: number) => {
    const now = cpuNow();
    const ran = Math.max(1, queries);
    return {
      node: (now.node - start.node) / ran,
      postgres: (now.postgres - start.postgres) / ran,
      machine: (now.machine - start.machine) / ran,
    };
  };
  const firstPassStart = cpuNow();
  const firstPassRun = await timedLoops(
    params.warmUp,
    params.concurrency,
    async (input) => {
      await searchArchive({ principal, query: normalizeSearchQuery(input), page: 1, limit: 20 });
    },
    params.maxSeconds,
  );
  const firstPassCpu = cpuPerQuery(firstPassStart, firstPassRun.latencies.length);
  const firstPass = {
    perSecond: firstPassRun.latencies.length / firstPassRun.seconds,
    p95: summarizeLatencies(firstPassRun.latencies).p95,
    cpuMsPerQuery: firstPassCpu.node + firstPassCpu.postgres,
  };
  const before = cpuNow();
  const run = await timedLoops(
    params.queries,
    params.concurrency,
    async (input) => {
      let result: Awaited<ReturnType<typeof searchArchive>> | undefined;
      if (
        await stoppedByTimeout(
          async () => (result = await searchArchive({ principal, query: normalizeSearchQuery(input), page: 1, limit: 20 })),
        )
      )
        stopped += 1;
      if (!result) return;
      totalHits += result.total;
      // processingTimeMs covers the engine and the summaries; the rest of a query's time is the SEARCH audit append.
      engineMs.push(result.processingTimeMs);
      pageIds.push(result.items.map((item) => item.id));
    },
    params.maxSeconds,
  );
  // What the target's rate allows on two cores is 10 ms of CPU per query, Node and PostgreSQL together.
  const cpuMsPerQuery = cpuPerQuery(before, run.latencies.length);
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: params.concurrency });
  const baseline = await timedLoops(pageIds, params.concurrency, async (ids) => {
    await pool.query(
      "SELECT id, subject, sender_name, sender_email, sent_at, has_attachments, left(body_text, 200) FROM archived_emails WHERE id = ANY($1::uuid[]) ORDER BY sent_at DESC",
      [ids],
    );
  });
  await pool.end();
  // The trial ran three at once.
  const hostile = await hostileSearches(principal, params.hostile, 3);
  const language = await languageSearches(principal, params.language, params.concurrency, params.maxSeconds);
  const done = run.latencies.length;
  return {
    queries: done,
    stopped,
    meanHits: Math.round(totalHits / Math.max(1, done - stopped)),
    perSecond: done / run.seconds,
    latency: summarizeLatencies(run.latencies),
    engineLatency: summarizeLatencies(engineMs),
    cpuMsPerQuery,
    firstPass,
    baselinePerSecond: pageIds.length / baseline.seconds,
    hostile,
    language,
  };
}
