import { appendAuditEntry, type AuditActor } from "../audit/append-audit-entry";
import { transaction } from "../db/client";
import { isForeignKeyViolation } from "../db/unique-violation";
import { conflict, notFound } from "../errors/app-error";

const stillHasEmails = () => conflict("The ingestion source still has archived emails; it cannot be deleted");

/**
 * Deletes a source without archived emails. The foreign key from archived_emails (ON DELETE
 * RESTRICT) is the rule, so an email imported concurrently also makes the deletion a 409.
 */
export async function deleteSource(options: { actor: AuditActor; id: string }): Promise<void> {
  try {
    await transaction(async (tx) => {
      const [source] = await tx.$queryRaw<{ id: string; name: string; has_emails: boolean }[]>`
        SELECT s.id, s.name, EXISTS (SELECT 1 FROM archived_emails e WHERE e.ingestion_source_id = s.id) AS has_emails
        FROM ingestion_sources s WHERE s.id = ${options.id}::uuid FOR UPDATE`;
      if (!source) throw notFound("Ingestion source");
      if (source.has_emails) throw stillHasEmails();
      await tx.$executeRaw`DELETE FROM ingestion_sources WHERE id = ${source.id}::uuid`;
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
