import type { AuditLog } from "@/generated/prisma/client";
import type { AuditLogEntry } from "./audit.responses";

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
