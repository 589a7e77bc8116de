import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { canOnRecord } from "../identity/authz/ability";
import { scopeFieldsOf } from "../archive/find-visible-email";
import { attachmentHashesOf, deleteEmailRow, lockEmail } from "../archive/archived-emails.queries";
import { db, transaction } from "../platform/db/client";
import { AppError, conflict, notFound } from "../platform/errors/app-error";
import { searchEngine } from "../search/search-engine-factory";
import { activeHoldNamesOf, lockHoldsOfEmails } from "./holds/legal-holds.queries";
import { getSettings } from "../settings/get-settings";
import { clearBlobIntents, recordBlobIntents } from "../archive/storage/storage.queries";
import { releaseUnreferencedBlobs } from "../archive/storage/release-unreferenced-blobs";
import { immutableDeletionRefusals, trySyncBlobRetention } from "./lifecycle/blob-retention";

/** The refusal while deletion is off, in the words of the Settings page that turns it on. */
export const DELETION_DISABLED_MESSAGE =
  "Deleting archived emails is turned off for this archive. An administrator can turn it on under Settings, “Deletion of archived emails”.";

/**
 * Permanent manual deletion: only while deletion is enabled in the settings, never while an active
 * hold protects the email. The row is locked first (FOR UPDATE), then its holds (FOR SHARE, so no
 * (re)activation commits meanwhile), and the hold check is a new
 * statement, so it sees every hold link committed before the lock was granted; a link attempted
 * later waits for this transaction and then finds no email. Attachments, hold links and the label
 * go with the row (ON DELETE CASCADE); stored bytes go after the commit when nothing else uses them.
 * In immutability mode the row is deleted only once its own retention has ended, whoever else
 * references its bytes, and when the store allows deleting its bytes (409 otherwise).
 */
export async function deleteArchivedEmail(options: { principal: Principal; emailId: string }): Promise<void> {
  if (!(await getSettings()).deletionEnabled) {
    throw new AppError("FORBIDDEN", DELETION_DISABLED_MESSAGE);
  }
  // Immutability mode: a hold released since the last lifecycle cycle no longer holds the bytes.
  await trySyncBlobRetention([options.emailId]);
  const released = await transaction(async (tx) => {
    const email = await lockEmail(tx, options.emailId, "update");
    if (!email || !canOnRecord(options.principal.ability, "delete:archive", scopeFieldsOf(email))) throw notFound("Archived email");
    await lockHoldsOfEmails(tx, [email.id]);
    const holds = await activeHoldNamesOf(tx, email.id);
    if (holds.length > 0) {
      throw conflict(`The email is on legal hold (${holds.join(", ")}) and cannot be deleted`);
    }
    const [refusal] = await immutableDeletionRefusals(tx, [email.id]);
    if (refusal) throw conflict(`The email cannot be deleted yet: ${refusal.reason} (immutable storage, STORAGE_IMMUTABLE)`);
    const attachmentHashes = await attachmentHashesOf(tx, [email.id]);
    await deleteEmailRow(tx, email.id);
    await searchEngine().removeEmails(tx, [email.id]);
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "DELETE",
      targetType: "ArchivedEmail",
      targetId: email.id,
      details: { reason: "Manual", storageHashSha256: email.storageHashSha256, userEmail: email.userEmail },
    });
    const hashes = [email.storageHashSha256, ...attachmentHashes];
    // Journalled with the deletion, so a crash before the clean-up below leaves work for the sweep.
    return { hashes, intents: await recordBlobIntents(tx, hashes) };
  });
  await releaseUnreferencedBlobs({ hashes: released.hashes });
  await clearBlobIntents(db(), released.intents);
}
