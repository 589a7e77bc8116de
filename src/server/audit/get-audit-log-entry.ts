import { db } from "../platform/db/client";
import { notFound } from "../platform/errors/app-error";
import type { Principal } from "../identity/auth/principal";
import { toAuditLogEntry, type AuditLogEntry } from "./audit-log-entry";
import { redactAuditEntries } from "./redact-audit-entry";

/** One entry by id, e.g. the one a failed chain verification points at. */
export async function getAuditLogEntry(options: { principal: Principal; id: number }): Promise<AuditLogEntry> {
  const row = await db().auditLog.findUnique({ where: { id: BigInt(options.id) } });
  if (!row) throw notFound("Audit log entry");
  return redactAuditEntries(options.principal, [toAuditLogEntry(row)])[0];
}
