import type { Principal } from "../identity/auth/principal";
import { db } from "../platform/db/client";
import { notFound } from "../platform/errors/app-error";
import { findVisibleEmail } from "./find-visible-email";
import { readDownloadedBlob, type DownloadedFile } from "./read-downloaded-blob";

/** The original message, byte for byte and verified against its hash; writes a READ audit entry. */
export async function readRawEmail(options: { principal: Principal; emailId: string }): Promise<DownloadedFile> {
  await findVisibleEmail({ client: db(), emailId: options.emailId, principal: options.principal, permission: "read:archive" });
  const email = await db().archivedEmail.findUnique({
    where: { id: options.emailId },
    select: { id: true, storagePath: true, storageHashSha256: true },
  });
  if (!email) throw notFound("Archived email");
  return readDownloadedBlob({
    principal: options.principal,
    emailId: email.id,
    blob: { key: email.storagePath, hashSha256: email.storageHashSha256, target: { type: "ArchivedEmail", id: email.id } },
    file: { filename: `${email.id}.eml`, contentType: "message/rfc822" },
    readDetails: { raw: true, storageHashSha256: email.storageHashSha256 },
  });
}
