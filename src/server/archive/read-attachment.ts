import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { db } from "../platform/db/client";
import { notFound } from "../platform/errors/app-error";
import { findVisibleEmail } from "./find-visible-email";
import { readVerifiedBlob } from "./read-verified-blob";
import type { DownloadedFile } from "./read-raw-email";

/** One attachment's bytes, verified against its hash; writes a READ audit entry. */
export async function readAttachment(options: { principal: Principal; emailId: string; attachmentId: string }): Promise<DownloadedFile> {
  await findVisibleEmail({ client: db(), emailId: options.emailId, principal: options.principal, permission: "read:archive" });
  const attachment = await db().attachment.findFirst({ where: { id: options.attachmentId, emailId: options.emailId } });
  if (!attachment) throw notFound("Attachment");
  const bytes = await readVerifiedBlob({
    actor: options.principal.actor,
    key: attachment.storagePath,
    hashSha256: attachment.hashSha256,
    target: { type: "Attachment", id: attachment.id },
  });
  await appendAuditEntry(db(), {
    actor: options.principal.actor,
    actionType: "READ",
    targetType: "ArchivedEmail",
    targetId: options.emailId,
    details: { attachmentId: attachment.id, filename: attachment.filename, hashSha256: attachment.hashSha256 },
  });
  return { bytes, filename: attachment.filename, contentType: attachment.mimeType };
}
