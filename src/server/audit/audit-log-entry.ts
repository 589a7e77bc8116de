import type { z } from "zod";
import type { AuditLog } from "@/generated/prisma/client";
import type { auditLogEntryResponse } from "./audit.responses";

/** An audit log entry as the interface shows it (docs/audit-log.md). */
export type AuditLogEntry = z.infer<typeof auditLogEntryResponse>;

export function toAuditLogEntry(row: AuditLog): AuditLogEntry {
  return {
    id: Number(row.id),
    previousHash: row.previousHash,
    timestamp: row.timestamp.toISOString(),
    actorIdentifier: row.actorIdentifier,
    actorIp: row.actorIp,
    actionType: row.actionType,
    targetType: row.targetType,
    targetId: row.targetId,
    details: row.details ?? {},
    currentHash: row.currentHash,
  };
}
