import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../auth/principal";
import { canOnRecord } from "../authz/ability";
import { SCOPE_FIELD_COLUMNS, scopeFieldsOf, type EmailScopeFields } from "./find-visible-email";
import { db, transaction } from "../db/client";
import { AppError, conflict, notFound } from "../errors/app-error";
import { searchEngine } from "../search/search-engine-factory";
import { lockHoldsOfEmails } from "../legal-holds/lock-hold";
import { getSettings } from "../settings/get-settings";
import { clearBlobIntents, recordBlobIntents } from "../storage/storage.queries";
import { releaseUnreferencedBlobs } from "../storage/release-unreferenced-blobs";
import { blobDeletionRefusals, trySyncBlobRetention } from "../lifecycle/blob-retention";

interface LockedEmail extends EmailScopeFields {
  storageHashSha256: string;
}

/**
 * Permanent manual deletion: only while deletion is enabled in the settings, never while an active
 * hold protects the email. The row is locked first (FOR UPDATE), then its holds (FOR SHARE, so no
 * (re)activation commits meanwhile), and the hold check is a new
 * statement, so it sees every hold link committed before the lock was granted; a link attempted
 * later waits for this transaction and then finds no email. Attachments, hold links and the label
 * go with the row (ON DELETE CASCADE); stored bytes go after the commit when nothing else uses them.
 * In immutability mode the row is deleted only when the store allows deleting its bytes (409 otherwise).
 */
export async function deleteArchivedEmail(options: { principal: Principal; emailId: string }): Promise<void> {
  if (!(await getSettings()).deletionEnabled) {
    throw new AppError("FORBIDDEN", "Deletion of archived emails is disabled in the system settings (deletionEnabled)");
  }
  // Immutability mode: a hold released since the last lifecycle cycle no longer holds the bytes.
  await trySyncBlobRetention([options.emailId]);
  const released = await transaction(async (tx) => {
    const [email] = await tx.$queryRaw<LockedEmail[]>`
      SELECT ${SCOPE_FIELD_COLUMNS}, storage_hash_sha256 AS "storageHashSha256"
      FROM archived_emails WHERE id = ${options.emailId}::uuid FOR UPDATE`;
    if (!email || !canOnRecord(options.principal.ability, "delete:archive", scopeFieldsOf(email))) throw notFound("Archived email");
    await lockHoldsOfEmails(tx, [email.id]);
    const holds = await tx.$queryRaw<{ name: string }[]>`
      SELECT hold.name FROM email_legal_holds link JOIN legal_holds hold ON hold.id = link.legal_hold_id
      WHERE link.email_id = ${email.id}::uuid AND hold.is_active ORDER BY hold.name`;
    if (holds.length > 0) {
      throw conflict(`The email is on legal hold (${holds.map((hold) => hold.name).join(", ")}) and cannot be deleted`);
    }
    const [refusal] = await blobDeletionRefusals(tx, [email.id]);
    if (refusal) throw conflict(`The email cannot be deleted yet: ${refusal.reason} (immutable storage, STORAGE_IMMUTABLE)`);
    const attachments = await tx.$queryRaw<
      { hash: string }[]
    >`SELECT DISTINCT hash_sha256 AS hash FROM attachments WHERE email_id = ${email.id}::uuid`;
    await tx.$executeRaw`DELETE FROM archived_emails WHERE id = ${email.id}::uuid`;
    await searchEngine().removeEmails(tx, [email.id]);
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "DELETE",
      targetType: "ArchivedEmail",
      targetId: email.id,
      details: { reason: "Manual", storageHashSha256: email.storageHashSha256, userEmail: email.userEmail },
    });
    const hashes = [email.storageHashSha256, ...attachments.map((row) => row.hash)];
    // Journalled with the deletion, so a crash before the clean-up below leaves work for the sweep.
    return { hashes, intents: await recordBlobIntents(tx, hashes) };
  });
  await releaseUnreferencedBlobs({ hashes: released.hashes });
  await clearBlobIntents(db(), released.intents);
}
