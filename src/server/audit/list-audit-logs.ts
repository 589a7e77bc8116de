import type { Prisma } from "@/generated/prisma/client";
import { db, type DbOrTx } from "../db/client";
import type { ListAuditLogsQuery } from "./audit.schemas";
import { toAuditLogEntry, type AuditLogEntry } from "./audit-log-entry";

export interface AuditLogPage {
  data: AuditLogEntry[];
  meta: { total: number; page: number; limit: number };
}

/**
 * One page of the audit log, newest first unless sort is asc. Ordered by id, which is the chain
 * order (timestamps follow it, as appends are serialized). OFFSET paging is fine for this UI
 * listing; the filters use the indexes on timestamp, actor_identifier and action_type.
 */
export async function listAuditLogs(options: { query: ListAuditLogsQuery; db?: DbOrTx }): Promise<AuditLogPage> {
  const client = options.db ?? db();
  const { query } = options;
  const where: Prisma.AuditLogWhereInput = {
    actorIdentifier: query.actor,
    actionType: query.actionType,
    timestamp: query.from || query.until ? { gte: query.from, lt: query.until } : undefined,
  };
  const [rows, total] = await Promise.all([
    client.auditLog.findMany({
      where,
      orderBy: { id: query.sort },
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    }),
    client.auditLog.count({ where }),
  ]);
  return { data: rows.map(toAuditLogEntry), meta: { total, page: query.page, limit: query.limit } };
}
