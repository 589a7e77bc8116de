import type pg from "pg";
import { beginTransaction, commitTransaction, exportSnapshot } from "../platform/db/dedicated-transaction";
import { configuredDatabaseUrl, connectDedicatedPgClient } from "../platform/db/pg-pool";
import type { ChainBreak } from "./audit-chain-walk";
import { joinRangeWalks, splitIdRanges, type IdRange } from "./audit-chain-ranges";
import { releaseHelpers, reserveHelpers, startHelper, type RunningHelper } from "./start-verify-helper";
import type { VerifyHelperData } from "./verify-helper";
import { RangeQueue } from "./verify-range-queue";
import { walkChainRange } from "./walk-chain-range";
import { selectAuditLogEnds, selectFirstAuditIdAfterHash } from "./audit.queries";
import type { VerifyAuditLogResult } from "./audit.responses";

// Memory does not depend on it (rows are hashed as they arrive); each batch costs one round trip
// and a pause of the pipeline between PostgreSQL and the walk, and a broken chain still receives
// the rest of its batch (~0.5 s at most). At 1.37M entries 200,000 took 5.5-5.8 s, 20,000 6.2-6.7 s.
const DEFAULT_BATCH_SIZE = 200_000;
// A helper costs ~0.25 s before it pays (thread start, TypeScript loaded through tsx, cold JIT, and
// the CPU all that takes from the caller's walk); measured on 2 cores: 120,000 entries took 0.30-0.44 s
// alone and 0.46-0.54 s with a helper, 1,000,000 took 2.42-2.51 s alone and 1.97-2.15 s with one.
const DEFAULT_PARALLEL_FROM_IDS = 400_000;
// Enough ranges per walker that one that started late or runs slower takes fewer of them, and that
// the walker still on its last range when the others have none left holds the whole up little:
// at 1M entries the last range ended 0.14-0.31 s after the other walker's with 8 per walker,
// 0.03-0.19 s with 24 (each range costs a COPY statement and, on a helper, a message round trip).
const RANGES_PER_WALKER = 24;

export interface VerifyAuditLogOptions {
  batchSize?: number;
  /** Helper threads besides this one (shared with verifications running at the same time in this process); default: one per further core, at most three. */
  helpers?: number;
  /** The span of ids from which helpers are used. */
  parallelFromIds?: number;
  /** false leaves the ranges to the helpers, this thread walking only what a failed one gave back (tests make the helpers walk with it). */
  callerWalks?: boolean;
}

async function walkRanges(client: pg.Client, queue: RangeQueue, batchSize: number): Promise<void> {
  for (let index = queue.claim(); index >= 0; index = queue.claim()) {
    queue.record(index, await walkChainRange({ client, range: queue.ranges[index], batchSize }));
  }
}

/**
 * For a row whose previousHash skips the row before it: the id of the first row after the entry
 * it does link to (that row was inserted), or null when it links to nothing earlier (rows were
 * deleted). A null previousHash links to the start of the chain.
 */
async function insertedRowId(client: pg.Client, broken: Extract<ChainBreak, { kind: "unlinked" }>): Promise<string | null> {
  if (broken.previousHash === null) return (await selectAuditLogEnds(client)).firstId;
  return selectFirstAuditIdAfterHash(client, broken.previousHash, broken.id);
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

/**
 * Walks the chain in id ranges, on this connection and, for a long chain, on helper threads with
 * connections of their own inside the same snapshot (the hashing is CPU-bound: one core walked
 * ~400,000 entries/s here), and joins the ranges into one result.
 */
async function walkChain(client: pg.Client, options: VerifyAuditLogOptions): Promise<VerifyAuditLogResult> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const { firstId, lastId } = await selectAuditLogEnds(client);
  if (firstId === null || lastId === null) return { ok: true, message: "The audit log is empty." };
  const long = BigInt(lastId) - BigInt(firstId) + 1n >= BigInt(options.parallelFromIds ?? DEFAULT_PARALLEL_FROM_IDS);
  const helpers = long ? reserveHelpers(options.helpers) : 0;
  const ranges: IdRange[] =
    helpers === 0 ? [{ after: null, upTo: null }] : splitIdRanges(firstId, lastId, (helpers + 1) * RANGES_PER_WALKER);
  const queue = new RangeQueue(ranges);
  const started: RunningHelper[] = [];
  try {
    if (helpers > 0) {
      const data: VerifyHelperData = { databaseUrl: configuredDatabaseUrl(), snapshot: await exportSnapshot(client), batchSize };
      for (let helper = 0; helper < helpers; helper++) started.push(startHelper(queue, data));
    }
    if (options.callerWalks !== false || started.length === 0) await walkRanges(client, queue, batchSize);
    await Promise.all(started.map((helper) => helper.finished));
    // Ranges that a failed helper gave back.
    await walkRanges(client, queue, batchSize);
  } finally {
    releaseHelpers(helpers - started.length);
    for (const helper of started) helper.stop();
  }
  const joined = joinRangeWalks(queue.walked());
  if (joined.broken !== null) return describeBreak(client, joined.broken);
  return {
    ok: true,
    message: `Audit log integrity verified: ${joined.count} entries (ids ${joined.firstId} to ${joined.lastId}) form an unbroken chain.`,
  };
}

/**
 * Re-hashes the whole chain in id order inside one read-only snapshot and reports the first broken
 * entry. Reading does not write an audit entry (docs/audit-log.md).
 */
export async function verifyAuditLog(options: VerifyAuditLogOptions = {}): Promise<VerifyAuditLogResult> {
  // A dedicated connection: one snapshot for the whole walk, and a binary COPY read in place, which
  // Prisma cannot do.
  const { client } = await connectDedicatedPgClient();
  try {
    await beginTransaction(client, "read-only-snapshot");
    const result = await walkChain(client, options);
    await commitTransaction(client);
    return result;
  } finally {
    await client.end();
  }
}
