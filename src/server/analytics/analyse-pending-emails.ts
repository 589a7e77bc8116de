import { withPgTransaction } from "../platform/db/pg-pool";
import { getSettings } from "../settings/get-settings";
import type { SqlClient } from "../platform/db/sql-client";
import { analyseEmailText, type TextAnalysisSettings } from "./analyse-email-text";
import { lockAnalysis, markAnalysed, selectPendingEmails, selectPlacedIds } from "./analytics.queries";
import { classifyConversationOf } from "./classify-stored-conversation";
import { threadEmail } from "./thread-email";
import { refreshAfterDeletions } from "./refresh-after-deletions";

const BATCH_SIZE = 200;

/** The stored settings, compiled for the text analysis (patterns are checked safe when saved). */
export async function textAnalysisSettings(): Promise<TextAnalysisSettings> {
  const settings = await getSettings();
  return {
    threshold: settings.nearDuplicateThreshold / 100,
    ignorePatterns: settings.ignorePatterns.map((pattern) => new RegExp(pattern, "gimu")),
    compared: new Map(),
  };
}

/** One batch in one transaction: thread each new email, analyse its text, then classify each conversation it touched once. */
async function analyseBatch(client: SqlClient, settings: TextAnalysisSettings, batchSize: number): Promise<number> {
  await lockAnalysis(client);
  const emails = await selectPendingEmails(client, batchSize);
  const touched = new Set<string>();
  const texts = new Map<string, string>();
  const placed = await selectPlacedIds(
    client,
    emails.map((email) => email.id),
  );
  for (const email of emails) {
    // Analysed before (the settings changed): its place in its conversation stands, its text is analysed again.
    if (!placed.has(email.id)) {
      for (const conversationId of await threadEmail(client, email, texts)) touched.add(conversationId);
    }
    await analyseEmailText(client, email, settings);
  }
  for (const conversationId of touched) await classifyConversationOf(client, conversationId, texts);
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
  // What deletions left behind first: a conversation that lost its inclusive email must not wait for new mail.
  await refreshAfterDeletions(settings, options.signal);
  let analysed = 0;
  while (!options.signal?.aborted) {
    const count = await withPgTransaction((client) => analyseBatch(client, settings, options.batchSize ?? BATCH_SIZE));
    analysed += count;
    if (count === 0) break;
  }
  return analysed;
}
