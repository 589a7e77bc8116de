import { db } from "../db/client";
import { notFound } from "../errors/app-error";
import { toAuditLogEntry, type AuditLogEntry } from "./audit-log-entry";

/** One entry by id, e.g. the one a failed chain verification points at. */
export async function getAuditLogEntry(options: { id: number }): Promise<AuditLogEntry> {
  const row = await db().auditLog.findUnique({ where: { id: BigInt(options.id) } });
  if (!row) throw notFound("Audit log entry");
  return toAuditLogEntry(row);
}
