import { Prisma } from "@/generated/prisma/client";
import type { Tx } from "../db/client";
import { storableText } from "../validation/storable-text";
import { auditEntryHash } from "./audit-hash";

/** Arbitrary constant naming the one lock that serializes appends to the chain. */
const AUDIT_CHAIN_LOCK_KEY = 7_243_017;

export interface AuditActor {
  identifier: string;
  ip: string;
}

export const systemActor = (identifier = "system"): AuditActor => ({ identifier, ip: "127.0.0.1" });

export interface AuditEntryInput {
  actor: AuditActor;
  actionType: string;
  targetType: string;
  targetId: string;
  details?: Record<string, unknown>;
}

/** Plain JSON (no bigint, Date, undefined, NaN) with storable strings and keys, unchanged by a jsonb round trip. */
function toStorableJson(value: unknown): unknown {
  const plain: unknown = JSON.parse(
    JSON.stringify(value ?? {}, (_key, inner: unknown) => (typeof inner === "bigint" ? inner.toString() : inner)),
  );
  const sanitize = (inner: unknown): unknown => {
    if (typeof inner === "string") return storableText(inner);
    if (Array.isArray(inner)) return inner.map(sanitize);
    if (inner !== null && typeof inner === "object") {
      return Object.fromEntries(Object.entries(inner).map(([key, item]) => [storableText(key), sanitize(item)]));
    }
    return inner;
  };
  return sanitize(plain);
}

/**
 * Appends one entry to the hash chain inside the caller's transaction, so the audited operation
 * and its entry commit together. A transaction-scoped advisory lock serializes writers across
 * processes; readers are never blocked. Call it last in the transaction to keep the lock short.
 */
export async function appendAuditEntry(tx: Tx, input: AuditEntryInput): Promise<{ id: bigint; currentHash: string }> {
  const [appended] = await appendAuditEntries(tx, [input]);
  return appended;
}

/**
 * Appends entries in the given order under one lock, one read of the chain head and one insert:
 * what a batch of deletions writes costs three round trips instead of three per entry.
 */
export async function appendAuditEntries(tx: Tx, inputs: AuditEntryInput[]): Promise<{ id: bigint; currentHash: string }[]> {
  if (inputs.length === 0) return [];
  await tx.$executeRaw`${Prisma.raw(AUDIT_CHAIN_LOCK_SQL)}`;
  const last = await tx.$queryRaw<{ current_hash: string }[]>`${Prisma.raw(AUDIT_CHAIN_HEAD_SQL)}`;
  const rows = chainedAuditRows(last[0]?.current_hash ?? null, inputs);
  const inserted = await tx.$queryRaw<{ id: bigint }[]>`${insertAuditRows(rows)}`;
  return inserted.map((row, index) => ({ id: row.id, currentHash: rows[index].currentHash }));
}

/** Taking the chain's lock and reading its head, as plain SQL (no parameters: a simple query may send both at once). */
export const AUDIT_CHAIN_LOCK_SQL = `SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK_KEY})`;
export const AUDIT_CHAIN_HEAD_SQL = "SELECT current_hash FROM audit_logs ORDER BY id DESC LIMIT 1";

interface ChainedRow {
  previousHash: string | null;
  timestamp: string;
  actorIdentifier: string;
  actorIp: string;
  actionType: string;
  targetType: string;
  targetId: string;
  details: unknown;
  currentHash: string;
}

/** The rows for `inputs` chained after `previousHash` (the head read under the lock), hashed. */
export function chainedAuditRows(previousHash: string | null, inputs: AuditEntryInput[]): ChainedRow[] {
  const timestamp = new Date().toISOString();
  let chainHash = previousHash;
  return inputs.map((input) => {
    const fields = {
      previousHash: chainHash,
      timestamp,
      actorIdentifier: storableText(input.actor.identifier),
      actorIp: storableText(input.actor.ip),
      actionType: storableText(input.actionType),
      targetType: storableText(input.targetType),
      targetId: storableText(input.targetId),
      details: toStorableJson(input.details),
    };
    chainHash = auditEntryHash(fields);
    return { ...fields, currentHash: chainHash };
  });
}

/** One INSERT of the rows in their order, returning their ids. */
export function insertAuditRows(rows: ChainedRow[]): Prisma.Sql {
  const column = <K extends keyof ChainedRow>(key: K) => rows.map((row) => row[key]);
  return Prisma.sql`
    INSERT INTO audit_logs (previous_hash, timestamp, actor_identifier, actor_ip, action_type, target_type, target_id, details, current_hash)
    SELECT previous_hash, timestamp::timestamptz, actor_identifier, actor_ip, action_type, target_type, target_id, details::jsonb, current_hash
    FROM unnest(${column("previousHash")}::text[], ${column("timestamp")}::text[], ${column("actorIdentifier")}::text[],
                ${column("actorIp")}::text[], ${column("actionType")}::text[], ${column("targetType")}::text[],
                ${column("targetId")}::text[], ${rows.map((row) => JSON.stringify(row.details))}::text[], ${column("currentHash")}::text[])
      WITH ORDINALITY AS entry(previous_hash, timestamp, actor_identifier, actor_ip, action_type, target_type, target_id, details, current_hash, position)
    ORDER BY position
    RETURNING id`;
}
