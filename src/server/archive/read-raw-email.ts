import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { db } from "../platform/db/client";
import { notFound } from "../platform/errors/app-error";
import { findVisibleEmail } from "./find-visible-email";
import { readVerifiedBlob } from "./read-verified-blob";

export interface DownloadedFile {
  bytes: Buffer;
  filename: string;
  contentType: string;
}

/** The original message, byte for byte and verified against its hash; writes a READ audit entry. */
export async function readRawEmail(options: { principal: Principal; emailId: string }): Promise<DownloadedFile> {
  await findVisibleEmail({ client: db(), emailId: options.emailId, principal: options.principal, permission: "read:archive" });
  const email = await db().archivedEmail.findUnique({
    where: { id: options.emailId },
    select: { id: true, storagePath: true, storageHashSha256: true },
  });
  if (!email) throw notFound("Archived email");
  const bytes = await readVerifiedBlob({
    actor: options.principal.actor,
    key: email.storagePath,
    hashSha256: email.storageHashSha256,
    target: { type: "ArchivedEmail", id: email.id },
  });
  await appendAuditEntry(db(), {
    actor: options.principal.actor,
    actionType: "READ",
    targetType: "ArchivedEmail",
    targetId: email.id,
    details: { raw: true, storageHashSha256: email.storageHashSha256 },
  });
  return { bytes, filename: `${email.id}.eml`, contentType: "message/rfc822" };
}
