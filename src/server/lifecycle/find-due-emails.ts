import { Prisma } from "@/generated/prisma/client";
import { db } from "../db/client";
import { labelDueSql, loadEnabledPolicies, loadLabels, policyDueSql, policyPrefilter } from "./retention-rules";

type Sql = Prisma.Sql;

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
      chunk: (after) => Prisma.sql`
        SELECT erl.email_id AS id FROM email_retention_labels erl
        WHERE erl.label_id = ${label.id}::uuid AND ${after === null ? Prisma.sql`TRUE` : Prisma.sql`erl.email_id > ${after.id}::uuid`}
        ORDER BY erl.email_id LIMIT ${batchSize}`,
      order: Prisma.sql`s.id`,
      due: (inChunk) => labelDueSql({ label, asOf, extraWhere: inChunk }),
      batchSize,
    });
  }
  const policies = await loadEnabledPolicies(db());
  if (policies.length === 0) return;
  const prefilter = policyPrefilter(policies, asOf);
  yield* dueBatches<{ id: string; sent_at: Date }>({
    chunk: (after) => Prisma.sql`
      SELECT e.id, e.sent_at FROM archived_emails e
      WHERE e.sent_at <= ${prefilter.toISOString()}::timestamptz
        AND ${after === null ? Prisma.sql`TRUE` : Prisma.sql`(e.sent_at, e.id) > (${after.sent_at.toISOString()}::timestamptz, ${after.id}::uuid)`}
      ORDER BY e.sent_at, e.id LIMIT ${batchSize}`,
    order: Prisma.sql`s.sent_at, s.id`,
    due: (inChunk) => policyDueSql({ policies, asOf, extraWhere: inChunk }),
    batchSize,
  });
}

/**
 * Walks the candidates `chunk` lists after the last one read (null for the first chunk; a plain
 * index range the planner walks in order, read on its own), and yields the ids of each chunk's
 * candidates the rule's due query keeps, until a chunk comes back short.
 */
async function* dueBatches<Candidate extends { id: string }>(options: {
  chunk: (after: Candidate | null) => Sql;
  /** The chunk's order over its columns, as `s`. */
  order: Sql;
  due: (inChunk: Sql) => Sql;
  batchSize: number;
}): AsyncGenerator<string[]> {
  let after: Candidate | null = null;
  for (;;) {
    const rows: (Candidate & { due: boolean })[] = await db().$queryRaw<(Candidate & { due: boolean })[]>`
      WITH scanned AS MATERIALIZED (${options.chunk(after)}),
      due AS (${options.due(Prisma.sql`e.id IN (SELECT id FROM scanned)`)})
      SELECT s.*, EXISTS (SELECT 1 FROM due WHERE due.id = s.id) AS due FROM scanned s ORDER BY ${options.order}`;
    const due = rows.filter((row) => row.due).map((row) => row.id);
    if (due.length > 0) yield due;
    if (rows.length < options.batchSize) return;
    after = rows[rows.length - 1];
  }
}
