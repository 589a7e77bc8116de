import { auditEntryHash } from "../../audit/audit-hash";
import { sha256Hex } from "../../platform/crypto/sha256";
import { db } from "../../platform/db/client";
import { installationPublicKey, verifyEd25519 } from "../../platform/signing/installation-signing-key";
import type { ReceiptVerificationDto } from "../ingestion-sources.responses";
import { loadImportReceipt, receiptAuditEntry } from "./get-import-receipt";

/**
 * Checks a receipt as a third party would: its signature under the installation's key, its bytes'
 * SHA-256 against the one its IMPORT audit entry records, and that entry's place in the hash chain
 * (its own hash, and the next entry linking to it). The whole chain: GET /api/v1/enterprise/audit-logs/verify.
 */
export async function verifyImportReceipt(options: { sourceId: string; receiptId: string }): Promise<ReceiptVerificationDto> {
  const row = await loadImportReceipt(options);
  const bytes = Buffer.from(row.body, "utf8");
  const digest = sha256Hex(bytes);
  const problems: string[] = [];
  const signatureValid = verifyEd25519(bytes, row.signature, installationPublicKey().publicKey);
  if (!signatureValid) problems.push("The signature does not verify under the installation's signing key.");
  const entry = await receiptAuditEntry(options);
  const recorded = (entry?.details as { receipt?: { sha256?: string } } | undefined)?.receipt?.sha256;
  const hashMatches = digest === row.sha256 && recorded === digest;
  if (!entry) problems.push("No IMPORT audit entry records this receipt.");
  else if (!hashMatches) problems.push("The receipt's bytes do not hash to the SHA-256 its audit entry records.");
  let auditEntryIntact = false;
  if (entry) {
    const own = auditEntryHash({
      previousHash: entry.previousHash,
      timestamp: entry.timestamp.toISOString(),
      actorIdentifier: entry.actorIdentifier,
      actorIp: entry.actorIp,
      actionType: entry.actionType,
      targetType: entry.targetType,
      targetId: entry.targetId,
      details: entry.details,
    });
    const next = await db().auditLog.findFirst({ where: { id: { gt: entry.id } }, orderBy: { id: "asc" }, select: { previousHash: true } });
    auditEntryIntact = own === entry.currentHash && (next === null || next.previousHash === entry.currentHash);
    if (!auditEntryIntact) problems.push(`Audit entry ${entry.id} does not match its hash or is not linked into the chain.`);
  }
  return {
    valid: problems.length === 0,
    signatureValid,
    hashMatches,
    auditEntryId: entry ? String(entry.id) : null,
    auditEntryIntact,
    problems,
  };
}
