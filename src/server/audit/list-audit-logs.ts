import { Prisma, type AuditLog } from "@/generated/prisma/client";
import { db, type DbOrTx } from "../db/client";
import type { ListAuditLogsQuery } from "./audit.schemas";
import type { Principal } from "../auth/principal";
import { toAuditLogEntry, type AuditLogEntry } from "./audit-log-entry";
import { redactAuditEntries } from "./redact-audit-entry";

export interface AuditLogPage {
  data: AuditLogEntry[];
  meta: { total: number; page: number; limit: number };
}

function filterConditions(query: ListAuditLogsQuery): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (query.actor !== undefined) conditions.push(Prisma.sql`actor_identifier = ${query.actor}`);
  // The expression of the index audit_logs_actor_user_id_idx.
  if (query.actorUserId !== undefined) conditions.push(Prisma.sql`(details ->> 'actorUserId') = ${query.actorUserId}`);
  if (query.actionType !== undefined) conditions.push(Prisma.sql`action_type = ${query.actionType}`);
  if (query.from) conditions.push(Prisma.sql`"timestamp" >= ${query.from}`);
  if (query.until) conditions.push(Prisma.sql`"timestamp" < ${query.until}`);
  return conditions.length === 0 ? Prisma.sql`TRUE` : Prisma.join(conditions, " AND ");
}

/**
 * One page of the audit log, newest first unless sort is asc. Ordered by id, which is the chain
 * order (timestamps follow it, as appends are serialized). OFFSET paging is fine for this UI
 * listing; the filters use the indexes on timestamp, actor_identifier, details->>'actorUserId' and
 * action_type. Details that would reveal mail the caller cannot read are redacted.
 */
export async function listAuditLogs(options: { principal: Principal; query: ListAuditLogsQuery; db?: DbOrTx }): Promise<AuditLogPage> {
  const client = options.db ?? db();
  const { query } = options;
  const where = filterConditions(query);
  const [rows, counted] = await Promise.all([
    client.$queryRaw<AuditLog[]>`
      SELECT id, previous_hash AS "previousHash", "timestamp", actor_identifier AS "actorIdentifier", actor_ip AS "actorIp",
             action_type AS "actionType", target_type AS "targetType", target_id AS "targetId", details, current_hash AS "currentHash"
        FROM audit_logs WHERE ${where}
       ORDER BY id ${query.sort === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`}
      OFFSET ${(query.page - 1) * query.limit} LIMIT ${query.limit}`,
    client.$queryRaw<{ total: bigint }[]>`SELECT count(*) AS total FROM audit_logs WHERE ${where}`,
  ]);
  return {
    data: redactAuditEntries(options.principal, rows.map(toAuditLogEntry)),
    meta: { total: Number(counted[0].total), page: query.page, limit: query.limit },
  };
}
