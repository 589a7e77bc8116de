import { db } from "../../platform/db/client";
import { selectLabelDueChunk, selectPolicyDueChunk } from "./lifecycle.queries";
import { loadEnabledPolicies, loadLabels, policyPrefilter } from "./retention-rules.queries";

/**
 * Batches of ids of emails whose retention has run out by `asOf` (held ones included: the
 * deleting transaction re-checks everything). Labeled emails label by label, then unlabeled ones
 * by policy. Each walks an index range in its order with keyset pagination (never OFFSET), a
 * chunk of candidates per statement, and keeps the due ones of the chunk: a label's rows in
 * email_id order, and for policies the emails old enough for the shortest policy in (sent_at, id)
 * order. Every candidate is read once per cycle, whatever the archive's size and however many
 * are due; rows deleted or skipped stay behind the cursor.
 */
export async function* findDueEmailBatches(options: { asOf: Date; batchSize: number }): AsyncGenerator<string[]> {
  const { asOf, batchSize } = options;
  for (const label of await loadLabels(db())) {
    yield* dueBatches<{ id: string }>({
      readChunk: (after) => selectLabelDueChunk(db(), { label, asOf, after, batchSize }),
      batchSize,
    });
  }
  const policies = await loadEnabledPolicies(db());
  if (policies.length === 0) return;
  const prefilter = policyPrefilter(policies, asOf);
  yield* dueBatches<{ id: string; sent_at: Date }>({
    readChunk: (after) => selectPolicyDueChunk(db(), { policies, asOf, prefilter, after, batchSize }),
    batchSize,
  });
}

/**
 * Walks the chunks of candidates `readChunk` reads after the last one read (null for the first
 * chunk), and yields the ids of each chunk's due candidates, until a chunk comes back short.
 */
async function* dueBatches<Candidate extends { id: string }>(options: {
  readChunk: (after: Candidate | null) => Promise<(Candidate & { due: boolean })[]>;
  batchSize: number;
}): AsyncGenerator<string[]> {
  let after: Candidate | null = null;
  for (;;) {
    const rows: (Candidate & { due: boolean })[] = await options.readChunk(after);
    const due = rows.filter((row) => row.due).map((row) => row.id);
    if (due.length > 0) yield due;
    if (rows.length < options.batchSize) return;
    after = rows[rows.length - 1];
  }
}
