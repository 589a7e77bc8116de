import { pgPool, withPgTransaction } from "../platform/db/pg-pool";
import { abortableDelay } from "../platform/concurrency/abortable-delay";
import { getSettings } from "../settings/get-settings";
import type { SqlClient } from "../platform/db/sql-client";
import { analyseText, groupNearDuplicates, type TextAnalysis, type TextAnalysisSettings } from "./analyse-email-text";
import {
  isMailArriving,
  lockAnalysis,
  markAnalysed,
  selectNextPendingBodies,
  selectPendingEmails,
  selectPlacedIds,
  updateTextAnalyses,
} from "./analytics.queries";
import { loadLanguageDetector } from "./detect-languages";
import { classifyConversations } from "./classify-stored-conversation";
import { threadEmail, ThreadingBatch } from "./thread-email";
import { refreshAfterDeletions } from "./refresh-after-deletions";

const BATCH_SIZE = 250;
/** Mail archived this recently means an import or a journal stream is running (an import commits every few hundred messages). */
export const ARRIVAL_WINDOW_MS = 3_000;
/**
 * While mail arrives, the analysis pauses up to this many times as long as its last batch took:
 * it then takes about a twentieth of the machine beside the import (docs/ediscovery.md, "Review
 * analytics") and catches up at full speed once no mail has arrived for ARRIVAL_WINDOW_MS.
 */
const PAUSE_PER_BATCH = 19;

/** While mail arrives, batches are this small, so that each takes the machine from the import only briefly. */
const ARRIVING_BATCH_SIZE = 50;

/**
 * Steps aside after a batch while mail is being archived: pauses, checking each second whether it
 * still arrives. Answers how long it paused (0 when no mail was arriving).
 */
async function yieldToArrivingMail(batchMs: number, signal?: AbortSignal): Promise<number> {
  const started = performance.now();
  const until = started + batchMs * PAUSE_PER_BATCH;
  let paused = false;
  while (!signal?.aborted && performance.now() < until && (await isMailArriving(pgPool(), ARRIVAL_WINDOW_MS))) {
    paused = true;
    await abortableDelay(Math.min(1000, until - performance.now()), signal);
  }
  return paused ? performance.now() - started : 0;
}

/** One committed batch of the analysis: how many emails, how long it took, and how long it then stepped aside. */
export type AnalysedBatch = { count: number; batchMs: number; pausedMs: number };

/** The stored settings, compiled for the text analysis (patterns are checked safe when saved). */
export async function textAnalysisSettings(): Promise<TextAnalysisSettings> {
  const settings = await getSettings();
  return {
    threshold: settings.nearDuplicateThreshold / 100,
    ignorePatterns: settings.ignorePatterns.map((pattern) => new RegExp(pattern, "gimu")),
    compared: new Map(),
  };
}

/** Text analyses computed ahead of their batch, by email id, with the body each was computed from. */
type ReadAhead = Map<string, { bodyText: string; analysis: TextAnalysis }>;

/**
 * Computes the text analyses of the emails the next batch will likely take, while the batch in
 * flight waits on the database (its near-duplicate lookups are its longest statement): the
 * worker's own computing and the database's then overlap on two cores. Only an optimisation: an
 * email the next batch takes without an analysis here (or with another body) is analysed then.
 */
async function readAhead(batchIds: string[], settings: TextAnalysisSettings, batchSize: number, ahead: ReadAhead): Promise<void> {
  try {
    for (const email of await selectNextPendingBodies(pgPool(), batchIds, batchSize)) {
      if (ahead.has(email.id)) continue;
      ahead.set(email.id, { bodyText: email.bodyText, analysis: analyseText(email, settings) });
      // One email at a time, so that the batch in flight is answered between them.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch {
    // Nothing is lost: the next batch analyses what is missing here.
  }
}

/**
 * One batch in one transaction: every email's text analysed first (computing only, most of it done
 * ahead while the batch before waited), then each new email threaded in order, its text's columns
 * stored with its place; the texts of emails analysed before (the settings changed) stored in one
 * statement; the near-duplicate groups placed for the whole batch; and each conversation the batch
 * touched classified, in one statement each way. Answers the emails and the read-ahead it started.
 */
async function analyseBatch(
  client: SqlClient,
  settings: TextAnalysisSettings,
  batchSize: number,
  ahead: ReadAhead,
): Promise<{ count: number; next: Promise<void> }> {
  await lockAnalysis(client);
  const emails = await selectPendingEmails(client, batchSize);
  if (emails.length === 0) return { count: 0, next: Promise.resolve() };
  await loadLanguageDetector();
  const analyses = emails.map((email) => {
    const ready = ahead.get(email.id);
    return ready && ready.bodyText === email.bodyText ? ready.analysis : analyseText({ id: email.id, bodyText: email.bodyText }, settings);
  });
  ahead.clear();
  const next = readAhead(
    emails.map((email) => email.id),
    settings,
    batchSize,
    ahead,
  );
  const placed = await selectPlacedIds(
    client,
    emails.map((email) => email.id),
  );
  // Analysed before (the settings changed): its place in its conversation stands, its text is analysed again.
  const unplaced = emails.filter((email) => !placed.has(email.id));
  const touched = new Set<string>();
  const texts = new Map<string, string>();
  if (unplaced.length > 0) {
    const batch = await ThreadingBatch.read(client, unplaced);
    for (const [index, email] of emails.entries()) {
      if (placed.has(email.id)) continue;
      for (const conversationId of await threadEmail(client, email, { text: analyses[index], texts, batch })) touched.add(conversationId);
    }
    await batch.write(client);
  }
  await updateTextAnalyses(
    client,
    analyses.filter((analysis) => placed.has(analysis.emailId)),
  );
  await groupNearDuplicates(client, analyses, settings);
  await classifyConversations(client, [...touched], texts);
  await markAnalysed(
    client,
    emails.map((email) => email.id),
  );
  return { count: emails.length, next };
}

/**
 * The worker's review analytics (docs/ediscovery.md, "Review analytics"): analyses the emails not
 * analysed yet, oldest archived first, in batches of one transaction each, until none is left or
 * `signal` stops it between batches. A new email re-classifies only the conversations it joins.
 * Resumable by construction: what is pending is what `analysis_queue` still holds, so a restart
 * goes on where the last committed batch ended. With `yieldToArrivingMail` (the worker) it steps
 * aside while mail is being archived, so that an import keeps its speed; `onBatch` hears of each
 * committed batch and its pause. Returns how many it analysed.
 */
export async function analysePendingEmails(
  options: { signal?: AbortSignal; batchSize?: number; yieldToArrivingMail?: boolean; onBatch?: (batch: AnalysedBatch) => void } = {},
): Promise<number> {
  const settings = await textAnalysisSettings();
  // What deletions left behind first: a conversation that lost its inclusive email must not wait for new mail.
  await refreshAfterDeletions(settings, options.signal);
  const ahead: ReadAhead = new Map();
  let analysed = 0;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  while (!options.signal?.aborted) {
    const arriving = options.yieldToArrivingMail === true && (await isMailArriving(pgPool(), ARRIVAL_WINDOW_MS));
    const started = performance.now();
    const size = arriving ? Math.min(batchSize, ARRIVING_BATCH_SIZE) : batchSize;
    const { count, next } = await withPgTransaction((client) => analyseBatch(client, settings, size, ahead));
    await next;
    analysed += count;
    if (count === 0) break;
    const batchMs = performance.now() - started;
    const pausedMs = options.yieldToArrivingMail ? await yieldToArrivingMail(batchMs, options.signal) : 0;
    options.onBatch?.({ count, batchMs, pausedMs });
  }
  return analysed;
}
