import type { Tx } from "../db/client";
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

/** Makes details storable in jsonb unchanged, so the stored value hashes the same as what was hashed here. */
function toStorableJson(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value ?? {}, (_key, inner: unknown) => {
      if (typeof inner === "bigint") return inner.toString();
      if (typeof inner === "string") return inner.replace(/\u0000/g, "\uFFFD").toWellFormed();
      return inner;
    }),
  );
}

/**
 * Appends one entry to the hash chain inside the caller's transaction, so the audited operation
 * and its entry commit together. A transaction-scoped advisory lock serializes writers across
 * processes; readers are never blocked. Call it last in the transaction to keep the lock short.
 */
export async function appendAuditEntry(tx: Tx, input: AuditEntryInput): Promise<{ id: bigint; currentHash: string }> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK_KEY}::bigint)`;
  const last = await tx.$queryRaw<{ current_hash: string }[]>`
    SELECT current_hash FROM audit_logs ORDER BY id DESC LIMIT 1`;
  const fields = {
    previousHash: last[0]?.current_hash ?? null,
    timestamp: new Date().toISOString(),
    actorIdentifier: input.actor.identifier,
    actorIp: input.actor.ip,
    actionType: input.actionType,
    targetType: input.targetType,
    targetId: input.targetId,
    details: toStorableJson(input.details),
  };
  const currentHash = auditEntryHash(fields);
  const inserted = await tx.$queryRaw<{ id: bigint }[]>`
    INSERT INTO audit_logs (previous_hash, timestamp, actor_identifier, actor_ip, action_type, target_type, target_id, details, current_hash)
    VALUES (${fields.previousHash}, ${fields.timestamp}::timestamptz, ${fields.actorIdentifier}, ${fields.actorIp},
            ${fields.actionType}, ${fields.targetType}, ${fields.targetId}, ${JSON.stringify(fields.details)}::jsonb, ${currentHash})
    RETURNING id`;
  return { id: inserted[0].id, currentHash };
}
