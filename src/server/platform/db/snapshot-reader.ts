import type pg from "pg";

// Apart from dedicated-transaction.ts, whose after-commit work brings in the logger and the
// configuration's schemas (zod): a verification helper thread loads only this, and each module it
// loads delays its first row (~45 ms for zod alone).

/**
 * Begins a read-only REPEATABLE READ transaction on `client` that reads the `snapshot` another
 * connection exported (dedicated-transaction.ts: exportSnapshot), so both see the same rows.
 */
export async function beginSnapshotReader(client: pg.ClientBase, snapshot: string): Promise<void> {
  if (!/^[0-9A-F]+-[0-9A-F]+-[0-9]+$/i.test(snapshot)) throw new Error(`not a snapshot id: ${snapshot}`);
  await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  // SET TRANSACTION takes no parameters; the id's shape was checked above.
  await client.query(`SET TRANSACTION SNAPSHOT '${snapshot}'`);
}

/** Ends beginSnapshotReader's transaction: it wrote nothing, so nothing follows its commit. */
export async function endSnapshotReader(client: pg.ClientBase): Promise<void> {
  await client.query("COMMIT");
}
