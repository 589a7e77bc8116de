import { Prisma, type AuditLog } from "@/generated/prisma/client";
import { queryOne, querySql, runSql, type SqlClient } from "../platform/db/sql-client";
import type { ListAuditLogsQuery } from "./audit.schemas";
import type { SealedAuditFields } from "./audit-hash";

/** An entry as appendAuditEntries hands it over: storable fields plus the hashed parts of its contents. */
export type PendingAuditRow = SealedAuditFields & { prefix: string; suffix: string };

/** The entries' columns as the append functions take them, one array per column, in the given order. */
function pendingColumns(rows: PendingAuditRow[]) {
  const column = <K extends keyof PendingAuditRow>(key: K) => rows.map((row) => row[key]);
  return Prisma.sql`${column("prefix")}::text[], ${column("suffix")}::text[], ${column("actorIdentifier")}::text[],
    ${column("actorIp")}::text[], ${column("actionType")}::text[], ${column("targetType")}::text[],
    ${column("targetId")}::text[], ${rows.map((row) => JSON.stringify(row.details))}::text[]`;
}

/** Inserts entries in the given order with one statement; they are chained by the first seal after their commit. */
export async function insertPendingAuditEntries(client: SqlClient, rows: PendingAuditRow[]): Promise<void> {
  await runSql(client, Prisma.sql`SELECT audit_log_append(${pendingColumns(rows)})`, { prepare: true });
}

/**
 * Inserts entries in the given order and seals them, with every entry committed meanwhile, in one
 * statement outside any transaction (its own: one commit for both).
 */
export async function appendAndSealAuditEntries(client: SqlClient, rows: PendingAuditRow[]): Promise<void> {
  await runSql(client, Prisma.sql`SELECT audit_log_append_and_seal(${pendingColumns(rows)})`, { prepare: true });
}

/**
 * Moves every committed pending entry into the chain under the chain's lock, in one statement (its
 * own transaction: the lock is held for the seal and its commit only); answers how many.
 */
export async function sealCommittedAuditEntries(client: SqlClient): Promise<number> {
  const row = await queryOne<{ sealed: number }>(client, Prisma.sql`SELECT audit_log_seal_committed() AS sealed`, { prepare: true });
  return row!.sealed;
}

/** The last entry of the chain and the number of entries, read in one statement (one snapshot). */
export async function selectAuditLogHead(client: SqlClient) {
  const head = await queryOne<{ id: string | null; current_hash: string | null; timestamp: Date | null; count: string }>(
    client,
    Prisma.sql`
    SELECT last.id::text AS id, last.current_hash, last.timestamp, total.count::text AS count
      FROM (SELECT count(*) AS count FROM audit_logs) AS total
      LEFT JOIN LATERAL (SELECT id, current_hash, timestamp FROM audit_logs ORDER BY id DESC LIMIT 1) AS last ON true`,
  );
  return head!;
}

/** The ids (decimal text) of the chain's first and last entries, null when it is empty. */
export async function selectAuditLogEnds(client: SqlClient): Promise<{ firstId: string | null; lastId: string | null }> {
  const ends = await queryOne<{ first_id: string | null; last_id: string | null }>(
    client,
    Prisma.sql`
    SELECT (SELECT id FROM audit_logs ORDER BY id LIMIT 1)::text AS first_id, (SELECT id FROM audit_logs ORDER BY id DESC LIMIT 1)::text AS last_id`,
  );
  return { firstId: ends!.first_id, lastId: ends!.last_id };
}

/**
 * The id of the first entry after the one before `beforeId` whose hash is `previousHash`, or null
 * when no earlier entry has that hash. A scan of current_hash: run at most once per verification.
 */
export async function selectFirstAuditIdAfterHash(client: SqlClient, previousHash: string, beforeId: string): Promise<string | null> {
  const row = await queryOne<{ id: string | null }>(
    client,
    Prisma.sql`
    SELECT (SELECT id FROM audit_logs
             WHERE id > (SELECT id FROM audit_logs WHERE current_hash = ${previousHash} AND id < ${beforeId}::bigint ORDER BY id DESC LIMIT 1)
             ORDER BY id LIMIT 1)::text AS id`,
  );
  return row?.id ?? null;
}

/** The filters of the list and the export. */
export type AuditLogFilters = Pick<ListAuditLogsQuery, "actor" | "actorUserId" | "actionType" | "from" | "until">;

function auditFilterConditions(query: AuditLogFilters): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (query.actor !== undefined) conditions.push(Prisma.sql`actor_identifier = ${query.actor}`);
  // The expression of the index audit_logs_actor_user_id_idx.
  if (query.actorUserId !== undefined) conditions.push(Prisma.sql`(details ->> 'actorUserId') = ${query.actorUserId}`);
  if (query.actionType !== undefined) conditions.push(Prisma.sql`action_type = ${query.actionType}`);
  if (query.from) conditions.push(Prisma.sql`"timestamp" >= ${query.from}`);
  if (query.until) conditions.push(Prisma.sql`"timestamp" < ${query.until}`);
  return conditions.length === 0 ? Prisma.sql`TRUE` : Prisma.join(conditions, " AND ");
}

/** One OFFSET page of the filtered entries, by id (the chain order). */
export async function selectAuditLogPage(client: SqlClient, query: ListAuditLogsQuery): Promise<AuditLog[]> {
  return querySql<AuditLog>(
    client,
    Prisma.sql`
    SELECT id, previous_hash AS "previousHash", "timestamp", actor_identifier AS "actorIdentifier", actor_ip AS "actorIp",
           action_type AS "actionType", target_type AS "targetType", target_id AS "targetId", details, current_hash AS "currentHash"
      FROM audit_logs WHERE ${auditFilterConditions(query)}
     ORDER BY id ${query.sort === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`}
    OFFSET ${(query.page - 1) * query.limit} LIMIT ${query.limit}`,
  );
}

/** The next batch of the filtered entries in chain order, after the entry `afterId` (keyset: the export reads the whole log). */
export async function selectAuditLogBatchAfter(
  client: SqlClient,
  filters: AuditLogFilters,
  afterId: bigint | null,
  limit: number,
): Promise<AuditLog[]> {
  const after = afterId === null ? Prisma.sql`TRUE` : Prisma.sql`id > ${afterId}`;
  return querySql<AuditLog>(
    client,
    Prisma.sql`
    SELECT id, previous_hash AS "previousHash", "timestamp", actor_identifier AS "actorIdentifier", actor_ip AS "actorIp",
           action_type AS "actionType", target_type AS "targetType", target_id AS "targetId", details, current_hash AS "currentHash"
      FROM audit_logs WHERE ${auditFilterConditions(filters)} AND ${after}
     ORDER BY id LIMIT ${limit}`,
  );
}

export async function countAuditLogs(client: SqlClient, query: ListAuditLogsQuery): Promise<number> {
  const row = await queryOne<{ total: string }>(
    client,
    Prisma.sql`SELECT count(*)::text AS total FROM audit_logs WHERE ${auditFilterConditions(query)}`,
  );
  return Number(row!.total);
}
