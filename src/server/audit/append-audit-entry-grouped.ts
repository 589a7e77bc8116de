import type pg from "pg";
import { pgPool } from "../db/pg-pool";
import { querySql } from "../db/sql-client";
import { AUDIT_CHAIN_HEAD_SQL, AUDIT_CHAIN_LOCK_SQL, chainedAuditRows, insertAuditRows, type AuditEntryInput } from "./append-audit-entry";

/** One transaction appends at most this many waiting entries. */
const MAX_GROUP = 200;

interface Waiting {
  input: AuditEntryInput;
  resolve: () => void;
  reject: (error: unknown) => void;
}

let waiting: Waiting[] = [];
let flushing = false;

/**
 * Appends an entry that is not part of another transaction (e.g. SEARCH) and resolves once it is
 * committed. Every append holds the chain's lock from the head read to the commit, so concurrent
 * requests queue behind each other's commits; here the entries that arrive while one transaction
 * is in flight are appended together by the next one (group commit), in arrival order. A lone
 * entry is written at once.
 */
export function appendAuditEntryGrouped(input: AuditEntryInput): Promise<void> {
  return new Promise((resolve, reject) => {
    waiting.push({ input, resolve, reject });
    if (!flushing) void flush();
  });
}

async function flush(): Promise<void> {
  flushing = true;
  try {
    while (waiting.length > 0) {
      const group = waiting.slice(0, MAX_GROUP);
      waiting = waiting.slice(MAX_GROUP);
      await appendGroup(group);
    }
  } finally {
    flushing = false;
  }
}

async function appendGroup(group: Waiting[]): Promise<void> {
  try {
    await appendInOwnTransaction(group.map((entry) => entry.input));
    for (const entry of group) entry.resolve();
  } catch (error) {
    if (group.length === 1) return group[0].reject(error);
    // One entry must not fail the others' requests: each is retried alone.
    for (const entry of group) await appendGroup([entry]);
  }
}

/**
 * appendAuditEntries on a plain connection in three round trips instead of five: BEGIN, the lock
 * and the head read go as one simple query, whose statements each take their own snapshot (READ
 * COMMITTED), so the head is read after the lock is held.
 */
async function appendInOwnTransaction(inputs: AuditEntryInput[]): Promise<void> {
  const client = await pgPool().connect();
  try {
    const results = (await client.query(
      `BEGIN ISOLATION LEVEL READ COMMITTED; ${AUDIT_CHAIN_LOCK_SQL}; ${AUDIT_CHAIN_HEAD_SQL}`,
    )) as unknown as pg.QueryResult<{ current_hash: string }>[];
    const rows = chainedAuditRows(results[2].rows[0]?.current_hash ?? null, inputs);
    await querySql(client, insertAuditRows(rows));
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
