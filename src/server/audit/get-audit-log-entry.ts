import { db } from "../platform/db/client";
import { notFound } from "../platform/errors/app-error";
import { toAuditLogEntry } from "./audit-log-entry";
import type { AuditLogEntry } from "./audit.responses";
import { redactAuditEntries, type AuditReader } from "./redact-audit-entry";

/** One entry by id, e.g. the one a failed chain verification points at. */
export async function getAuditLogEntry(options: { reader: AuditReader; id: number }): Promise<AuditLogEntry> {
  const row = await db().auditLog.findUnique({ where: { id: BigInt(options.id) } });
  if (!row) throw notFound("Audit log entry");
  return redactAuditEntries(options.reader, [toAuditLogEntry(row)])[0];
}
