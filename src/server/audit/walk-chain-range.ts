import type pg from "pg";
import { AuditChainWalk, type RangeWalkResult } from "./audit-chain-walk";
import type { IdRange } from "./audit-chain-ranges";
import { CopyTuple, CopyTupleReader } from "./audit-copy-tuple";
import { copyAuditBatch } from "./audit-copy.queries";

/**
 * Streams one keyset batch of a range as a binary COPY and walks each row as its message arrives.
 * Resolves to the number of rows received.
 */
async function walkBatch(client: pg.Client, walk: AuditChainWalk, afterId: string | null, upToId: string | null, batchSize: number) {
  const reader = new CopyTupleReader();
  const tuple = new CopyTuple();
  let rows = 0;
  const onTuple = (row: CopyTuple) => {
    rows++;
    return walk.next(row);
  };
  await copyAuditBatch(client, { afterId, upToId, batchSize }, (chunk) => {
    if (walk.broken === null) reader.read(chunk, tuple, onTuple);
  });
  if (walk.broken === null && !reader.finished) throw new Error("the COPY ended without its trailer");
  return rows;
}

/**
 * Walks the rows of one id range in keyset batches, on a client whose transaction holds the
 * verification's snapshot, until the range ends or the chain breaks.
 */
export async function walkChainRange(options: { client: pg.Client; range: IdRange; batchSize: number }): Promise<RangeWalkResult> {
  const { client, range, batchSize } = options;
  const walk = new AuditChainWalk();
  for (;;) {
    const rows = await walkBatch(client, walk, walk.lastId ?? range.after, range.upTo, batchSize);
    if (walk.broken !== null || rows < batchSize) return walk.result();
  }
}
