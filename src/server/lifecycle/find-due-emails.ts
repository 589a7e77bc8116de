import { Prisma } from "@/generated/prisma/client";
import { db } from "../db/client";
import { labelDueSql, loadEnabledPolicies, loadLabels, policyDueSql } from "./retention-rules";

interface DueRow {
  id: string;
  sent_at: Date;
}

/**
 * Batches of ids of emails whose retention has run out by `asOf` (held ones included: the
 * deleting transaction re-checks everything). Labeled emails label by label, then unlabeled ones
 * by policy; each walks the (sent_at, id) order with keyset pagination, never OFFSET, so the cost
 * follows the emails old enough to be due rather than the size of the archive. Rows deleted or
 * skipped stay behind the cursor.
 */
export async function* findDueEmailBatches(options: { asOf: Date; batchSize: number }): AsyncGenerator<string[]> {
  const { asOf, batchSize } = options;
  for (const label of await loadLabels(db())) {
    yield* keysetBatches((keyset) => labelDueSql({ label, asOf, extraWhere: keyset }), batchSize);
  }
  const policies = await loadEnabledPolicies(db());
  if (policies.length > 0) yield* keysetBatches((keyset) => policyDueSql({ policies, asOf, extraWhere: keyset }), batchSize);
}

async function* keysetBatches(query: (keyset: Prisma.Sql) => Prisma.Sql, batchSize: number): AsyncGenerator<string[]> {
  let after: DueRow | null = null;
  for (;;) {
    const keyset: Prisma.Sql =
      after === null ? Prisma.sql`TRUE` : Prisma.sql`(e.sent_at, e.id) > (${after.sent_at.toISOString()}::timestamptz, ${after.id}::uuid)`;
    const rows: DueRow[] = await db().$queryRaw<DueRow[]>`${query(keyset)} ORDER BY e.sent_at, e.id LIMIT ${batchSize}`;
    if (rows.length > 0) yield rows.map((row) => row.id);
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1];
  }
}
