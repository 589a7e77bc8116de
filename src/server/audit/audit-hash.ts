import { createHash } from "node:crypto";
import { canonicalJson } from "./canonical-json";

export interface HashedAuditFields {
  previousHash: string | null;
  timestamp: string;
  actorIdentifier: string;
  actorIp: string;
  actionType: string;
  targetType: string;
  targetId: string;
  details: unknown;
}

/** currentHash = hex SHA-256 of the canonical JSON of every stored field except id and currentHash. */
export function auditEntryHash(fields: HashedAuditFields): string {
  const canonical = canonicalJson({
    actionType: fields.actionType,
    actorIdentifier: fields.actorIdentifier,
    actorIp: fields.actorIp,
    details: fields.details ?? {},
    previousHash: fields.previousHash,
    targetId: fields.targetId,
    targetType: fields.targetType,
    timestamp: fields.timestamp,
  });
  return createHash("sha256").update(canonical, "utf8").digest("hex");
}
