import { db, type DbOrTx } from "../platform/db/client";
import type { ListAuditLogsQuery } from "./audit.schemas";
import { toAuditLogEntry } from "./audit-log-entry";
import { redactAuditEntries, type AuditReader } from "./redact-audit-entry";
import { countAuditLogs, selectAuditLogPage } from "./audit.queries";
import type { AuditLogPage } from "./audit.responses";

/**
 * One page of the audit log, newest first unless sort is asc. Ordered by id, which is the chain
 * order (timestamps follow it, as appends are serialized). OFFSET paging is fine for this UI
 * listing; the filters use the indexes on timestamp, actor_identifier, details->>'actorUserId' and
 * action_type. Details that would reveal mail the caller cannot read are redacted.
 */
export async function listAuditLogs(options: { reader: AuditReader; query: ListAuditLogsQuery; client?: DbOrTx }): Promise<AuditLogPage> {
  const client = options.client ?? db();
  const { query } = options;
  const [rows, total] = await Promise.all([selectAuditLogPage(client, query), countAuditLogs(client, query)]);
  return {
    data: redactAuditEntries(options.reader, rows.map(toAuditLogEntry)),
    meta: { total, page: query.page, limit: query.limit },
  };
}
