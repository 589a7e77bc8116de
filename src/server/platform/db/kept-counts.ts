import { Prisma } from "@/generated/prisma/client";
import { querySql, runSql, type SqlClient } from "./sql-client";

/**
 * A count kept by statement triggers as signed deltas per key (migrations
 * 20261123131000_source_email_counts and 20261123150000_hold_link_counts): reading it costs
 * O(deltas) instead of counting the rows, and appending never updates a shared row.
 */
export interface KeptCount {
  table: Prisma.Sql;
  key: Prisma.Sql;
  /** The table the key references (ON DELETE CASCADE). */
  owner: Prisma.Sql;
}

/** Emails per ingestion source. */
export const SOURCE_EMAIL_COUNT: KeptCount = {
  table: Prisma.raw("source_email_count_deltas"),
  key: Prisma.raw("ingestion_source_id"),
  owner: Prisma.raw("ingestion_sources"),
};
/** Email links per legal hold. */
export const HOLD_LINK_COUNT: KeptCount = {
  table: Prisma.raw("legal_hold_link_count_deltas"),
  key: Prisma.raw("legal_hold_id"),
  owner: Prisma.raw("legal_holds"),
};

/** A key's deltas are folded into one row once this many have piled up. */
const FOLD_AFTER_DELTAS = 100;

/**
 * For a statement that reads the owners anyway: a LATERAL join (alias `kept`) giving each owner's
 * count as `kept.total` (0 without deltas) and its number of deltas as `kept.deltas`, so the
 * owners and their counts come in one round trip; pass the rows to foldPiledDeltas afterwards.
 */
export function keptCountJoin(counter: KeptCount, ownerId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`LEFT JOIN LATERAL (
      SELECT coalesce(sum(delta), 0)::bigint AS total, count(*)::int AS deltas FROM ${counter.table} WHERE ${counter.key} = ${ownerId}
    ) AS kept ON true`;
}

/** Folds the deltas of each owner read through keptCountJoin whose deltas have piled up (what keptCounts does). */
export async function foldPiledDeltas(client: SqlClient, counter: KeptCount, rows: { id: string; kept_deltas: number }[]): Promise<void> {
  for (const row of rows) if (row.kept_deltas > FOLD_AFTER_DELTAS) await foldDeltas(client, counter, row.id);
}

/**
 * The count of each given key (keys without deltas are left out: their count is 0). `foldClient`
 * folds piled deltas: the primary when `client` is a read replica, which cannot write.
 */
export async function keptCounts(
  client: SqlClient,
  counter: KeptCount,
  ids: string[],
  foldClient: SqlClient = client,
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  // Counts as text and int: `pg` answers bigint as a string, Prisma as a BigInt; Number() reads both.
  const rows = await querySql<{ id: string; kept_total: bigint | string; kept_deltas: number }>(
    client,
    Prisma.sql`
    SELECT owner.id::text AS id, kept.total AS kept_total, kept.deltas AS kept_deltas
      FROM (SELECT DISTINCT unnest(${ids}::uuid[]) AS id) AS owner
      ${keptCountJoin(counter, Prisma.sql`owner.id`)}
     WHERE kept.deltas > 0`,
    { prepare: true },
  );
  await foldPiledDeltas(foldClient, counter, rows);
  return new Map(rows.map((row) => [row.id, Number(row.kept_total)]));
}

/**
 * Replaces a key's deltas by their sum in one statement. Concurrent folds and appends stay exact:
 * each delta is deleted by exactly one fold, which re-inserts what it deleted; deltas committed
 * after the fold's snapshot are left for the next one.
 *
 * The owner row is locked (FOR KEY SHARE) before any delta: a deletion of the owner locks the
 * owner first and the deltas in its cascade, so taking them the other way round deadlocked with
 * it (the re-insert's foreign-key check waited for the owner while the cascade waited for the
 * deltas). Now one waits for the other, and a fold after the deletion finds no owner and no deltas.
 */
async function foldDeltas(client: SqlClient, counter: KeptCount, id: string): Promise<void> {
  await runSql(
    client,
    Prisma.sql`
    WITH owner AS (SELECT id FROM ${counter.owner} WHERE id = ${id}::uuid FOR KEY SHARE),
         folded AS (DELETE FROM ${counter.table} WHERE ${counter.key} = (SELECT id FROM owner) RETURNING delta)
    INSERT INTO ${counter.table} (${counter.key}, delta)
    SELECT ${id}::uuid, sum(delta) FROM folded HAVING count(*) > 0`,
  );
}
