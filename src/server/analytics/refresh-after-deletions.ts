import { withPgTransaction } from "../platform/db/pg-pool";
import type { SqlClient } from "../platform/db/sql-client";
import { groupAroundPivot, longer, nearDuplicateTextOf, type Compared, type TextAnalysisSettings } from "./analyse-email-text";
import { takeAnalysisRefreshes } from "./analysis-refresh.queries";
import { lockAnalysis, selectBodies, selectNearDuplicateGroup, updateNearDuplicates, type NearDuplicateUpdate } from "./analytics.queries";
import { classifyConversations } from "./classify-stored-conversation";
import { shingleSet } from "./near-duplicate-signature";

const BATCH_SIZE = 100;

/**
 * A near-duplicate group that lost an email: alone, its last member has no near-duplicate; without
 * its pivot, the longest remaining text is the pivot and every member is measured against it again
 * (those no longer within the threshold leave), as when a longer email joins.
 */
async function regroupAfterDeletion(client: SqlClient, groupId: string, settings: TextAnalysisSettings): Promise<void> {
  const members = await selectNearDuplicateGroup(client, groupId);
  const dissolved = (emailId: string): NearDuplicateUpdate => ({ emailId, groupId: null, similarity: null, pivot: false });
  if (members.length === 1) return updateNearDuplicates(client, [dissolved(members[0].emailId)]);
  if (members.length === 0 || members.some((member) => member.pivot)) return;
  const bodies = await selectBodies(
    client,
    members.map((member) => member.emailId),
  );
  const texts: Compared[] = members.map(({ emailId }) => {
    const text = nearDuplicateTextOf(bodies.get(emailId) ?? "", settings);
    return { emailId, text, shingles: shingleSet(text) };
  });
  const pivot = texts.reduce(longer);
  const others = texts.filter((text) => text !== pivot).map((text) => ({ emailId: text.emailId, compared: text }));
  await updateNearDuplicates(client, groupAroundPivot(pivot, others, groupId, settings.threshold));
}

/**
 * Classifies and regroups what deletions left behind (docs/ediscovery.md, "Review analytics"): each
 * conversation that lost an email is classified again (a parent its deleted reply held becomes
 * inclusive), each near-duplicate group regrouped. Runs in the worker's analysis, batch by batch in
 * transactions under the analysis lock; the queue is filled by a trigger in the deleting transaction,
 * so a crash loses nothing. Returns how many conversations and groups it refreshed.
 */
export async function refreshAfterDeletions(settings: TextAnalysisSettings, signal?: AbortSignal): Promise<number> {
  let refreshed = 0;
  while (!signal?.aborted) {
    const count = await withPgTransaction(async (client) => {
      await lockAnalysis(client);
      const refreshes = await takeAnalysisRefreshes(client, BATCH_SIZE);
      await classifyConversations(
        client,
        refreshes.filter((refresh) => refresh.kind === "conversation").map((refresh) => refresh.id),
      );
      for (const refresh of refreshes) {
        if (refresh.kind === "near_duplicate_group") await regroupAfterDeletion(client, refresh.id, settings);
      }
      return refreshes.length;
    });
    refreshed += count;
    if (count === 0) break;
  }
  return refreshed;
}
