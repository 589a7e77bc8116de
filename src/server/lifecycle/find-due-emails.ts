import { Prisma } from "@/generated/prisma/client";
import { db } from "../db/client";
import { labelDueSql, loadEnabledPolicies, loadLabels, policyDueSql, policyPrefilter, type LabelPeriod } from "./retention-rules";

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
  for (const label of await loadLabels(db())) yield* labelBatches(label, asOf, batchSize);
  const policies = await loadEnabledPolicies(db());
  if (policies.length === 0) return;
  const prefilter = policyPrefilter(policies, asOf);
  let after: { sent_at: Date; id: string } | null = null;
  for (;;) {
    const keyset = after === null ? Prisma.sql`TRUE` : Prisma.sql`(e.sent_at, e.id) > (${after.sent_at.toISOString()}::timestamptz, ${after.id}::uuid)`;
    const chunk = Prisma.sql`
      SELECT e.id, e.sent_at FROM archived_emails e
      WHERE e.sent_at <= ${prefilter.toISOString()}::timestamptz AND ${keyset}
      ORDER BY e.sent_at, e.id LIMIT ${batchSize}`;
    const rows: ChunkRow<{ sent_at: Date }>[] = await dueInChunk(chunk, Prisma.sql`s.sent_at, s.id`, (inChunk) => policyDueSql({ policies, asOf, extraWhere: inChunk }));
    const due = rows.filter((row) => row.due).map((row) => row.id);
    if (due.length > 0) yield due;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1];
  }
}

async function* labelBatches(label: LabelPeriod, asOf: Date, batchSize: number): AsyncGenerator<string[]> {
  let after: string | null = null;
  for (;;) {
    const keyset = after === null ? Prisma.sql`TRUE` : Prisma.sql`erl.email_id > ${after}::uuid`;
    const chunk = Prisma.sql`
      SELECT erl.email_id AS id FROM email_retention_labels erl
      WHERE erl.label_id = ${label.id}::uuid AND ${keyset}
      ORDER BY erl.email_id LIMIT ${batchSize}`;
    const rows: ChunkRow[] = await dueInChunk(chunk, Prisma.sql`s.id`, (inChunk) => labelDueSql({ label, asOf, extraWhere: inChunk }));
    const due = rows.filter((row) => row.due).map((row) => row.id);
    if (due.length > 0) yield due;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1].id;
  }
}

type ChunkRow<Extra = object> = { id: string; due: boolean } & Extra;

/**
 * The candidates of `chunk` (read first, on their own: a plain index range the planner walks in
 * order) in `order`, each with whether the rule's due query keeps it.
 */
function dueInChunk<Row>(chunk: Sql, order: Sql, dueSql: (inChunk: Sql) => Sql): Promise<Row[]> {
  return db().$queryRaw<Row[]>`
    WITH scanned AS MATERIALIZED (${chunk}),
    due AS (${dueSql(Prisma.sql`e.id IN (SELECT id FROM scanned)`)})
    SELECT s.*, EXISTS (SELECT 1 FROM due WHERE due.id = s.id) AS due FROM scanned s ORDER BY ${order}`;
}
