import { sha256Hex } from "../platform/crypto/sha256";
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

export type SealedAuditFields = Omit<HashedAuditFields, "previousHash" | "timestamp">;

/**
 * The canonical JSON of an entry around the two values only known when it is sealed into the
 * chain: canonical JSON = prefix + previousHash (JSON) + suffix + timestamp + '"}'. The keys sort
 * as actionType, actorIdentifier, actorIp, details, previousHash, targetId, targetType, timestamp.
 */
export function auditEntryHashedParts(fields: SealedAuditFields): { prefix: string; suffix: string } {
  return {
    prefix:
      `{"actionType":${JSON.stringify(fields.actionType)}` +
      `,"actorIdentifier":${JSON.stringify(fields.actorIdentifier)}` +
      `,"actorIp":${JSON.stringify(fields.actorIp)}` +
      `,"details":${canonicalJson(fields.details ?? {})}` +
      `,"previousHash":`,
    suffix: `,"targetId":${JSON.stringify(fields.targetId)},"targetType":${JSON.stringify(fields.targetType)},"timestamp":"`,
  };
}

/**
 * canonicalJson() of the object of every stored field except id and currentHash, written out with
 * its keys already in sorted order because verification runs it for every entry of the chain.
 */
export function auditEntryCanonicalJson(fields: HashedAuditFields): string {
  const { prefix, suffix } = auditEntryHashedParts(fields);
  // An ISO timestamp has nothing JSON escapes, so it goes between the quotes as it is.
  return `${prefix}${fields.previousHash === null ? "null" : JSON.stringify(fields.previousHash)}${suffix}${fields.timestamp}"}`;
}

/** currentHash = lowercase hex SHA-256 of the canonical JSON of the hashed fields (docs/audit-log.md). */
export function auditEntryHash(fields: HashedAuditFields): string {
  return sha256Hex(auditEntryCanonicalJson(fields));
}
