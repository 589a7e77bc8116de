import { withPgTransaction } from "../platform/db/pg-pool";
import { getSettings } from "../settings/get-settings";
import type { SqlClient } from "../platform/db/sql-client";
import { analyseText, groupNearDuplicates, type TextAnalysisSettings } from "./analyse-email-text";
import {
  lockAnalysis,
  markAnalysed,
  selectPendingEmails,
  selectPlacedIds,
  selectStoredThreadKeys,
  updateTextAnalyses,
} from "./analytics.queries";
import { classifyConversations } from "./classify-stored-conversation";
import { threadEmail, ThreadingBatch } from "./thread-email";

const BATCH_SIZE = 500;

/** The stored settings, compiled for the text analysis (patterns are checked safe when saved). */
export async function textAnalysisSettings(): Promise<TextAnalysisSettings> {
  const settings = await getSettings();
  return {
    threshold: settings.nearDuplicateThreshold / 100,
    ignorePatterns: settings.ignorePatterns.map((pattern) => new RegExp(pattern, "gimu")),
    compared: new Map(),
  };
}

/**
 * One batch in one transaction: every email's text analysed first (computing only), then each new
 * email threaded in order, its text's columns stored with its place; the texts of emails analysed
 * before (the settings changed) stored in one statement; the near-duplicate groups placed for the
 * whole batch; and each conversation the batch touched classified, in one statement each way.
 */
async function analyseBatch(client: SqlClient, settings: TextAnalysisSettings, batchSize: number): Promise<number> {
  await lockAnalysis(client);
  const emails = await selectPendingEmails(client, batchSize);
  if (emails.length === 0) return 0;
  const analyses = emails.map((email) => analyseText({ id: email.id, bodyText: email.bodyText }, settings));
  const placed = await selectPlacedIds(
    client,
    emails.map((email) => email.id),
  );
  // Analysed before (the settings changed): its place in its conversation stands, its text is analysed again.
  const unplaced = emails.filter((email) => !placed.has(email.id));
  const touched = new Set<string>();
  const texts = new Map<string, string>();
  if (unplaced.length > 0) {
    const { keys, subjectKeys } = ThreadingBatch.keysOf(unplaced);
    const batch = new ThreadingBatch(await selectStoredThreadKeys(client, keys, subjectKeys));
    for (const [index, email] of emails.entries()) {
      if (placed.has(email.id)) continue;
      for (const conversationId of await threadEmail(client, email, { text: analyses[index], texts, batch })) touched.add(conversationId);
    }
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
  return emails.length;
}

/**
 * The worker's review analytics (docs/ediscovery.md, "Review analytics"): analyses the emails not
 * analysed yet, oldest archived first, in batches of one transaction each, until none is left or
 * `signal` stops it between batches. A new email re-classifies only the conversations it joins.
 * Resumable by construction: what is pending is what `archived_emails.analysis_pending` still
 * marks, so a restart goes on where the last committed batch ended. Returns how many it analysed.
 */
export async function analysePendingEmails(options: { signal?: AbortSignal; batchSize?: number } = {}): Promise<number> {
  const settings = await textAnalysisSettings();
  let analysed = 0;
  while (!options.signal?.aborted) {
    const count = await withPgTransaction((client) => analyseBatch(client, settings, options.batchSize ?? BATCH_SIZE));
    analysed += count;
    if (count === 0) break;
  }
  return analysed;
}
