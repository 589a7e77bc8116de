import pg from "pg";
import { AuditChainWalk, type ChainBreak, type StoredAuditRow } from "./audit-chain-walk";

export type VerifyAuditLogResult = { ok: true; message: string } | { ok: false; message: string; logId: number };

const DEFAULT_BATCH_SIZE = 5000;

// pg returns bigint ids as decimal strings. The timestamp is formatted in SQL exactly as it was
// hashed (Date.toISOString()); details are read as text so that the common `{}` skips JSON.parse.
const COLUMNS = `id, previous_hash,
  to_char("timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  actor_identifier, actor_ip, action_type, target_type, target_id, details::text, current_hash`;
const FIRST_BATCH = `SELECT ${COLUMNS} FROM audit_logs ORDER BY id LIMIT $1`;
const NEXT_BATCH = `SELECT ${COLUMNS} FROM audit_logs WHERE id > $2::bigint ORDER BY id LIMIT $1`;

type RawRow = [string, string | null, string, string, string, string, string, string, string, string];

function toStoredRow(raw: RawRow): StoredAuditRow {
  return {
    id: raw[0],
    previousHash: raw[1],
    timestamp: raw[2],
    actorIdentifier: raw[3],
    actorIp: raw[4],
    actionType: raw[5],
    targetType: raw[6],
    targetId: raw[7],
    details: raw[8] === "{}" ? {} : JSON.parse(raw[8]),
    currentHash: raw[9],
  };
}

function fetchBatch(client: pg.Client, afterId: string | null, batchSize: number): Promise<pg.QueryArrayResult<RawRow>> {
  const batch = client.query<RawRow>({
    name: afterId === null ? "audit-chain-first-batch" : "audit-chain-next-batch",
    text: afterId === null ? FIRST_BATCH : NEXT_BATCH,
    values: afterId === null ? [batchSize] : [batchSize, afterId],
    rowMode: "array",
  });
  // A batch fetched ahead may be abandoned when the walk stops early; its failure must not go unhandled.
  batch.catch(() => undefined);
  return batch;
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
  let pending = fetchBatch(client, null, batchSize);
  for (;;) {
    const { rows } = await pending;
    // Ask for the next batch before hashing this one, so the database works while we hash.
    const more = rows.length === batchSize;
    if (more) pending = fetchBatch(client, rows[rows.length - 1][0], batchSize);
    for (const raw of rows) {
      const broken = walk.next(toStoredRow(raw));
      if (broken) {
        if (more) await pending.catch(() => undefined);
        return describeBreak(client, broken);
      }
    }
    if (!more) break;
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
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set (the start script resolves it)");
  // A dedicated connection: one snapshot for the whole walk, and pg's array rows cost about a third
  // less CPU than Prisma's raw-query results over a million rows.
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const result = await walkChain(client, options.batchSize ?? DEFAULT_BATCH_SIZE);
    await client.query("COMMIT");
    return result;
  } finally {
    await client.end();
  }
}
