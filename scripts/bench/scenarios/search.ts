import pg from "pg";
import { searchArchive } from "../../../src/server/search/search-archive";
import { normalizeSearchQuery } from "../../../src/server/search/search.schemas";
import { summarizeLatencies } from "../stats";
import { benchPrincipal } from "./principal";

/** Runs `work` for every item with `concurrency` loops; returns per-item latencies (ms) and the wall time. */
async function timedLoops<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
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
 * Archive search through the use case the REST route calls (ranking, snippets, the SEARCH audit
 * entry), 2-3 word queries, half of them with filters. Baseline: a plain SELECT of the same
 * result rows by id, at the same concurrency.
 */
export async function searchScenario(params: { queries: { query: string; filters?: Record<string, unknown> }[]; concurrency: number }) {
  const principal = await benchPrincipal();
  const pageIds: string[][] = [];
  let totalHits = 0;
  const run = await timedLoops(params.queries, params.concurrency, async (input) => {
    const result = await searchArchive({ principal, query: normalizeSearchQuery(input), page: 1, limit: 20 });
    totalHits += result.total;
    pageIds.push(result.items.map((item) => item.id));
  });
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: params.concurrency });
  const baseline = await timedLoops(pageIds, params.concurrency, async (ids) => {
    await pool.query(
      "SELECT id, subject, sender_name, sender_email, sent_at, has_attachments, left(body_text, 200) FROM archived_emails WHERE id = ANY($1::uuid[]) ORDER BY sent_at DESC",
      [ids],
    );
  });
  await pool.end();
  return {
    queries: params.queries.length,
    meanHits: Math.round(totalHits / params.queries.length),
    perSecond: params.queries.length / run.seconds,
    latency: summarizeLatencies(run.latencies),
    baselinePerSecond: pageIds.length / baseline.seconds,
  };
}
