import type { AuditLog } from "@/generated/prisma/client";

/** An audit log entry as the interface shows it (docs/audit-log.md). */
export interface AuditLogEntry {
  id: number;
  previousHash: string | null;
  timestamp: string;
  actorIdentifier: string;
  actorIp: string;
  actionType: string;
  targetType: string;
  targetId: string;
  details: unknown;
  currentHash: string;
}

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
