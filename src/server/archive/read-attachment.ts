import type { Principal } from "../identity/auth/principal";
import { db } from "../platform/db/client";
import { notFound } from "../platform/errors/app-error";
import { findVisibleEmail } from "./find-visible-email";
import { readDownloadedBlob, type DownloadedFile } from "./read-downloaded-blob";

/** One attachment's bytes, verified against its hash; writes a READ audit entry. */
export async function readAttachment(options: { principal: Principal; emailId: string; attachmentId: string }): Promise<DownloadedFile> {
  await findVisibleEmail({ client: db(), emailId: options.emailId, principal: options.principal, permission: "read:archive" });
  const attachment = await db().attachment.findFirst({ where: { id: options.attachmentId, emailId: options.emailId } });
  if (!attachment) throw notFound("Attachment");
  return readDownloadedBlob({
    principal: options.principal,
    emailId: options.emailId,
    blob: { key: attachment.storagePath, hashSha256: attachment.hashSha256, target: { type: "Attachment", id: attachment.id } },
    file: { filename: attachment.filename, contentType: attachment.mimeType },
    readDetails: { attachmentId: attachment.id, filename: attachment.filename, hashSha256: attachment.hashSha256 },
  });
}
