import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import type { Principal } from "../../identity/auth/principal";
import { findVisibleEmail } from "../../archive/find-visible-email";
import { readVerifiedBlob } from "../../archive/read-verified-blob";
import { db, type DbOrTx } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { loadImapConfig } from "../load-imap-config";
import { appendToMailbox, restoreFailure } from "./append-to-mailbox";
import { assertRestoreDestination } from "./restore-destination";
import type { RestoreEmailInput } from "./restore.schemas";
import type { RestoreResult } from "./restore.responses";

/**
 * `POST /v1/archived-emails/{id}/restore`: appends the original bytes (verified against their hash)
 * to a folder of an IMAP source's mailbox with the original date, and audits it (RESTORE). The
 * destination must be one the caller may restore into (restore-destination.ts, else 403); an IMAP
 * failure answers 503 (server unreachable) or 502 (login or command refused).
 */
export async function restoreArchivedEmail(options: {
  principal: Principal;
  emailId: string;
  input: RestoreEmailInput;
}): Promise<RestoreResult> {
  const { principal, input } = options;
  const visible = await findVisibleEmail({ client: db(), emailId: options.emailId, principal, permission: "restore:archive" });
  assertRestoreDestination(principal, visible, input.ingestionSourceId);
  const config = await loadImapConfig({ sourceId: input.ingestionSourceId });
  const email = await db().archivedEmail.findUnique({
    where: { id: options.emailId },
    select: { id: true, storagePath: true, storageHashSha256: true, sentAt: true },
  });
  if (!email) throw notFound("Archived email");
  const raw = await readVerifiedBlob({
    actor: principal.actor,
    key: email.storagePath,
    hashSha256: email.storageHashSha256,
    target: { type: "ArchivedEmail", id: email.id },
  });
  let uid: number | null = null;
  await appendToMailbox({
    config,
    folder: input.folder,
    messages: [{ raw, date: email.sentAt }],
    onAppended: async (_message, appended) => {
      uid = appended.uid;
      await auditRestore({ actor: principal.actor, email, ingestionSourceId: input.ingestionSourceId, folder: input.folder });
    },
  }).catch((error: unknown) => {
    throw restoreFailure(error);
  });
  return { emailId: email.id, ingestionSourceId: input.ingestionSourceId, folder: input.folder, uid };
}

/** The RESTORE audit entry of one email appended to a mailbox (in the caller's transaction, if any). */
export async function auditRestore(options: {
  client?: DbOrTx;
  actor: AuditActor;
  email: { id: string; storageHashSha256: string };
  ingestionSourceId: string;
  folder: string;
}) {
  await appendAuditEntry(options.client ?? db(), {
    actor: options.actor,
    actionType: "RESTORE",
    targetType: "ArchivedEmail",
    targetId: options.email.id,
    details: { ingestionSourceId: options.ingestionSourceId, folder: options.folder, storageHashSha256: options.email.storageHashSha256 },
  });
}
