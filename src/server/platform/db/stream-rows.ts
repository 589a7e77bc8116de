import type { Prisma } from "@/generated/prisma/client";
import { connectDedicatedPgClient, statementTimeoutSetting, workMemSetting } from "./pg-pool";

/**
 * The rows of one query in batches of `batchSize`, read through a server-side cursor in a
 * read-only transaction: the query runs once (a keyset walk would run it again for every batch,
 * re-reading every match of an unordered index such as the GIN index), and at most one batch is in
 * memory. Stopping the iteration early closes the cursor.
 *
 * The cursor gets a connection of its own rather than one of the pool's: its caller may hold a pool
 * connection for its own transaction meanwhile (bulk apply does), and as many such callers as the
 * pool has connections would otherwise each wait for a second one forever.
 */
export async function* streamRows<Row>(
  query: Prisma.Sql,
  batchSize: number,
  options: { workMemMb?: number; statementTimeoutMs?: number } = {},
): AsyncGenerator<Row[]> {
  const { client, lost } = await connectDedicatedPgClient();
  let ended = false;
  try {
    await client.query("BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY");
    // A cursor is planned for its first tenth by default (cursor_tuple_fraction 0.1), which favours a
    // sequential scan for a frequent word; every row is read here, so plan for all of them.
    await client.query(
      `SET LOCAL cursor_tuple_fraction = 1${workMemSetting(options.workMemMb)}${statementTimeoutSetting(options.statementTimeoutMs)}`,
    );
    await client.query(`DECLARE streamed_rows NO SCROLL CURSOR FOR ${query.text}`, query.values);
    for (;;) {
      const { rows } = await client.query<Row & object>(`FETCH FORWARD ${batchSize} FROM streamed_rows`);
      if (rows.length > 0) yield rows;
      if (rows.length < batchSize) break;
    }
    await client.query("COMMIT");
    ended = true;
  } catch (error) {
    ended = true;
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    // The consumer stopped early: the generator is closed between two batches.
    if (!ended && !lost()) await client.query("ROLLBACK").catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
