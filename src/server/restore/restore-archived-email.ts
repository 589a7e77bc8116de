import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../auth/principal";
import { findVisibleEmail } from "../archived-emails/find-visible-email";
import { readVerifiedBlob } from "../archived-emails/read-verified-blob";
import { db } from "../db/client";
import { notFound } from "../errors/app-error";
import { loadImapConfig } from "../ingestion-sources/load-imap-config";
import { appendToMailbox } from "./append-to-mailbox";
import type { RestoreEmailInput } from "./restore.schemas";

export interface RestoreResult {
  emailId: string;
  ingestionSourceId: string;
  folder: string;
  uid: number | null;
}

/**
 * `POST /v1/archived-emails/{id}/restore`: appends the original bytes (verified against their hash)
 * to a folder of an IMAP source's mailbox with the original date, and audits it (RESTORE).
 */
export async function restoreArchivedEmail(options: { principal: Principal; emailId: string; input: RestoreEmailInput }): Promise<RestoreResult> {
  const { principal, input } = options;
  await findVisibleEmail({ client: db(), emailId: options.emailId, principal, permission: "restore:archive" });
  const config = await loadImapConfig({ sourceId: input.ingestionSourceId });
  const email = await db().archivedEmail.findUnique({ where: { id: options.emailId }, select: { id: true, storagePath: true, storageHashSha256: true, sentAt: true } });
  if (!email) throw notFound("Archived email");
  const raw = await readVerifiedBlob({ actor: principal.actor, key: email.storagePath, hashSha256: email.storageHashSha256, target: { type: "ArchivedEmail", id: email.id } });
  let uid: number | null = null;
  await appendToMailbox({ config, folder: input.folder, messages: [{ raw, date: email.sentAt }], onAppended: (appended) => void (uid = appended.uid) });
  await appendAuditEntry(db(), {
    actor: principal.actor,
    actionType: "RESTORE",
    targetType: "ArchivedEmail",
    targetId: email.id,
    details: { ingestionSourceId: input.ingestionSourceId, folder: input.folder, storageHashSha256: email.storageHashSha256 },
  });
  return { emailId: email.id, ingestionSourceId: input.ingestionSourceId, folder: input.folder, uid };
}
