import { appendAuditEntry, type AuditActor } from "../audit/append-audit-entry";
import { transaction } from "../platform/db/client";
import { isForeignKeyViolation } from "../platform/db/database-errors";
import { conflict, notFound } from "../platform/errors/app-error";
import { deleteSourceRow, lockSourceForUpdate, sourceHasEmails } from "./ingestion-sources.queries";

const stillHasEmails = () => conflict("The ingestion source still has archived emails; it cannot be deleted");

/**
 * Deletes a source without archived emails. The foreign key from archived_emails (ON DELETE
 * RESTRICT) is the rule, so an email imported concurrently also makes the deletion a 409.
 */
export async function deleteSource(options: { actor: AuditActor; id: string }): Promise<void> {
  try {
    await transaction(async (tx) => {
      const source = await lockSourceForUpdate(tx, options.id);
      if (!source) throw notFound("Ingestion source");
      if (await sourceHasEmails(tx, source.id)) throw stillHasEmails();
      await deleteSourceRow(tx, source.id);
      await appendAuditEntry(tx, {
        actor: options.actor,
        actionType: "DELETE",
        targetType: "IngestionSource",
        targetId: source.id,
        details: { name: source.name },
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw stillHasEmails();
    throw error;
  }
}
