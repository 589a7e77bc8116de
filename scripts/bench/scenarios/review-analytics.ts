import { existsSync, writeFileSync } from "node:fs";
import { analysePendingEmails } from "../../../src/server/analytics/analyse-pending-emails";
import { pgPool } from "../../../src/server/platform/db/pg-pool";
import { runAnalysisLoop } from "../../../src/server/analytics/run-analysis-loop";

/**
 * Issue 53: the worker's review analytics (conversations and classes, near-duplicates, languages)
 * over every email the import left pending, in one process as the worker runs it. Timed from the
 * first batch to the last; answers the per-email cost and the time 1M emails would take at it.
 */
export async function reviewAnalyticsScenario() {
  const started = performance.now();
  const analysed = await analysePendingEmails();
  const seconds = (performance.now() - started) / 1000;
  const { rows } = await pgPool().query<{ conversations: number; groups: number }>(
    "SELECT count(DISTINCT conversation_id)::int AS conversations, count(DISTINCT near_duplicate_group_id)::int AS groups FROM email_analysis",
  );
  return { analysed, seconds, perSecond: analysed / seconds, msPerEmail: (seconds * 1000) / analysed, ...rows[0] };
}

/**
 * The worker's analysis loop as the worker runs it (stepping aside while mail arrives), beside an
 * import the bench runs meanwhile: writes `readyFile` once started and stops when `stopFile` appears.
 */
export async function reviewAnalyticsFollowScenario(params: { readyFile: string; stopFile: string }) {
  const stop = new AbortController();
  const watch = setInterval(() => existsSync(params.stopFile) && stop.abort(), 200);
  writeFileSync(params.readyFile, "");
  await runAnalysisLoop({ signal: stop.signal, log: (message) => console.error(message) });
  clearInterval(watch);
  return { stopped: true };
}
