import type pg from "pg";
import { connectDedicatedPgClient } from "../db/pg-pool";
import { AuditChainWalk, type ChainBreak } from "./audit-chain-walk";
import { batchCopySql, CopyTuple, CopyTupleReader } from "./audit-copy-tuple";
import { CopyOutQuery } from "./copy-out-query";

export type VerifyAuditLogResult = { ok: true; message: string } | { ok: false; message: string; logId: number };

// Memory does not depend on it (rows are hashed as they arrive); each batch costs one round trip
// and a pause of the pipeline between PostgreSQL and the walk, and a broken chain still receives
// the rest of its batch (~0.5 s at most). At 1.37M entries 200,000 took 5.5-5.8 s, 20,000 6.2-6.7 s.
const DEFAULT_BATCH_SIZE = 200_000;

/**
 * Streams one keyset batch of the chain as a binary COPY and walks each row as its message
 * arrives. Resolves to the number of rows received and the break, if one was found.
 */
async function walkBatch(client: pg.Client, walk: AuditChainWalk, afterId: string | null, batchSize: number) {
  const reader = new CopyTupleReader();
  const tuple = new CopyTuple();
  let rows = 0;
  let broken: ChainBreak | null = null;
  const onTuple = (row: CopyTuple) => {
    rows++;
    broken = walk.next(row);
    return broken === null;
  };
  const copy = new CopyOutQuery(batchCopySql(afterId, batchSize), (chunk) => {
    if (broken === null) reader.read(chunk, tuple, onTuple);
  });
  client.query(copy);
  await copy.done;
  if (broken === null && !reader.finished) throw new Error("the COPY ended without its trailer");
  return { rows, broken: broken as ChainBreak | null };
}

/**
 * For a row whose previousHash skips the row before it: the id of the first row after the entry
 * it does link to (that row was inserted), or null when it links to nothing earlier (rows were
 * deleted). A null previousHash links to the start of the chain. Runs at most once per
 * verification, so a scan of current_hash is acceptable.
 */
async function insertedRowId(client: pg.Client, broken: Extract<ChainBreak, { kind: "unlinked" }>): Promise<string | null> {
  const result =
    broken.previousHash === null
      ? await client.query<{ id: string }>("SELECT id FROM audit_logs ORDER BY id LIMIT 1")
      : await client.query<{ id: string }>(
          `SELECT id FROM audit_logs
            WHERE id > (SELECT id FROM audit_logs WHERE current_hash = $1 AND id < $2::bigint ORDER BY id DESC LIMIT 1)
            ORDER BY id LIMIT 1`,
          [broken.previousHash, broken.id],
        );
  return result.rows[0]?.id ?? null;
}

async function describeBreak(client: pg.Client, broken: ChainBreak): Promise<VerifyAuditLogResult> {
  if (broken.kind === "altered") {
    return { ok: false, logId: Number(broken.id), message: `Entry ${broken.id} was altered: its contents do not match its hash.` };
  }
  if (broken.kind === "headless") {
    return {
      ok: false,
      logId: Number(broken.id),
      message: `Entry ${broken.id} is the first entry but links to a predecessor: earlier entries were deleted or this one was inserted.`,
    };
  }
  const inserted = await insertedRowId(client, broken);
  if (inserted !== null) {
    return {
      ok: false,
      logId: Number(inserted),
      message: `Entry ${inserted} was inserted into the chain: entry ${broken.id} links to an entry before it.`,
    };
  }
  return {
    ok: false,
    logId: Number(broken.id),
    message: `Entry ${broken.id} does not link to the entry before it: an entry between them was deleted or replaced.`,
  };
}

async function walkChain(client: pg.Client, batchSize: number): Promise<VerifyAuditLogResult> {
  const walk = new AuditChainWalk();
  for (;;) {
    const { rows, broken } = await walkBatch(client, walk, walk.lastId, batchSize);
    if (broken) return describeBreak(client, broken);
    if (rows < batchSize) break;
  }
  if (walk.count === 0) return { ok: true, message: "The audit log is empty." };
  return {
    ok: true,
    message: `Audit log integrity verified: ${walk.count} entries (ids ${walk.firstId} to ${walk.lastId}) form an unbroken chain.`,
  };
}

/**
 * Re-hashes the whole chain in id order, in keyset batches inside one read-only snapshot, and
 * reports the first broken entry. Reading does not write an audit entry (docs/audit-log.md).
 */
export async function verifyAuditLog(options: { batchSize?: number } = {}): Promise<VerifyAuditLogResult> {
  // A dedicated connection: one snapshot for the whole walk, and a binary COPY read in place, which
  // Prisma cannot do.
  const { client } = await connectDedicatedPgClient();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const result = await walkChain(client, options.batchSize ?? DEFAULT_BATCH_SIZE);
    await client.query("COMMIT");
    return result;
  } finally {
    await client.end();
  }
}
