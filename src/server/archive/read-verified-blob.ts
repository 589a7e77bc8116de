import { sha256Hex } from "../platform/crypto/sha256";
import { appendAuditEntry, type AuditActor } from "../audit/append-audit-entry";
import { db } from "../platform/db/client";
import { AppError } from "../platform/errors/app-error";
import { BlobUnreadableError } from "./storage/blob-envelope";
import { BlobNotFoundError } from "./storage/blob-store";
import { blobStore } from "./storage/blob-store-factory";

/**
 * The stored bytes of `key`, re-hashed: bytes that are missing or do not match `hashSha256` are
 * never served; the failure is written to the audit log (INTEGRITY_FAILURE) and answered with 500.
 */
export async function readVerifiedBlob(options: {
  actor: AuditActor;
  key: string;
  hashSha256: string;
  target: { type: "ArchivedEmail" | "Attachment"; id: string };
}): Promise<Buffer> {
  let problem: string;
  try {
    const bytes = await blobStore().get(options.key);
    const actual = sha256Hex(bytes);
    if (actual === options.hashSha256) return bytes;
    problem = `stored bytes hash to ${actual}`;
  } catch (error) {
    if (error instanceof BlobUnreadableError) problem = error.message;
    else if (error instanceof BlobNotFoundError) problem = "stored bytes are missing";
    else throw error;
  }
  await appendAuditEntry(db(), {
    actor: options.actor,
    actionType: "INTEGRITY_FAILURE",
    targetType: options.target.type,
    targetId: options.target.id,
    details: { storagePath: options.key, expectedSha256: options.hashSha256, problem },
  });
  throw new AppError(
    "INTERNAL",
    `Integrity check failed: the stored bytes of this ${options.target.type === "Attachment" ? "attachment" : "email"} do not match their recorded SHA-256; the incident is in the audit log`,
  );
}
