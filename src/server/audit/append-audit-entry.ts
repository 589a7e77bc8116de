import pg from "pg";
import type { SqlClient } from "../platform/db/sql-client";
import { storableText } from "../platform/validation/storable-text";
import { runAfterCommit } from "../platform/db/after-commit";
import { db } from "../platform/db/client";
import { pgPool } from "../platform/db/pg-pool";
import { appendAuditRowsGrouped } from "./audit-group-commit";
import { auditEntryHashedParts } from "./audit-hash";
import type { AuditActionType, AuditTargetType } from "./audit-vocabulary";
import { insertPendingAuditEntries } from "./audit.queries";
import { sealAuditChain } from "./seal-audit-chain";

export interface AuditActor {
  identifier: string;
  ip: string;
  /** The authenticated user; recorded as `details.actorUserId` (an email can be renamed, the id cannot). */
  userId?: string;
  /** The API key the request came with; recorded as `details.actorApiKeyId`. */
  apiKeyId?: string;
}

export const systemActor = (identifier = "system"): AuditActor => ({ identifier, ip: "127.0.0.1" });

export interface AuditEntryInput {
  actor: AuditActor;
  actionType: AuditActionType;
  targetType: AuditTargetType;
  targetId: string;
  details?: Record<string, unknown>;
}

/**
 * The details as stored: the actor's ids are written by the appender alone, so an entry without an
 * authenticated actor can never carry an `actorUserId` that came from somewhere else.
 */
function detailsWithActor(input: AuditEntryInput): Record<string, unknown> {
  const { actorUserId: _userId, actorApiKeyId: _apiKeyId, ...details } = input.details ?? {};
  return {
    ...details,
    ...(input.actor.userId === undefined ? {} : { actorUserId: input.actor.userId }),
    ...(input.actor.apiKeyId === undefined ? {} : { actorApiKeyId: input.actor.apiKeyId }),
  };
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
 * Appends one entry to the hash chain as part of the caller's transaction, so the audited operation
 * and its entry commit together; given the client itself, the entry is a one-statement transaction
 * of its own (an access that changes nothing). Appending takes no lock: the entry commits with the
 * change, unchained, and the seal that follows the commit (seal-audit-chain.ts) chains it together
 * with every other entry committed meanwhile, in any process (docs/audit-log.md). A transaction run
 * by transaction(), withPgTransaction() or commitTransaction() returns once its entries are chained.
 */
export async function appendAuditEntry(client: SqlClient, input: AuditEntryInput): Promise<void> {
  await appendAuditEntries(client, [input]);
}

/**
 * Appends entries in the given order with one insert; they are chained in that order at commit.
 * Given the pool (no transaction), the entries join the next group commit (audit-group-commit.ts)
 * and the promise settles when that group has committed.
 */
export async function appendAuditEntries(client: SqlClient, inputs: AuditEntryInput[]): Promise<void> {
  if (inputs.length === 0) return;
  const rows = inputs.map((input) => {
    const fields = {
      actorIdentifier: storableText(input.actor.identifier),
      actorIp: storableText(input.actor.ip),
      actionType: storableText(input.actionType),
      targetType: storableText(input.targetType),
      targetId: storableText(input.targetId),
      details: toStorableJson(detailsWithActor(input)),
    };
    return { ...fields, ...auditEntryHashedParts(fields) };
  });
  if (client instanceof pg.Pool) return appendAuditRowsGrouped(client, rows);
  await insertPendingAuditEntries(client, rows);
  // The process's Prisma client (not a transaction) ran the insert as a transaction of its own, on the pool.
  if (client === db()) return sealAuditChain(pgPool());
  // Inside a transaction: sealed after it commits (the transaction helpers run this; after-commit.ts).
  runAfterCommit(client, sealAuditChain);
}
