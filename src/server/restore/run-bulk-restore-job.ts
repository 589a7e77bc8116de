import type { AuditActor } from "../audit/append-audit-entry";
import type { ArchiveCondition } from "../authz/ability";
import { readVerifiedBlob } from "../archived-emails/read-verified-blob";
import { db } from "../db/client";
import { loadImapConfig } from "../ingestion-sources/load-imap-config";
import type { SearchQuery } from "../search/search-engine";
import { searchEngine } from "../search/search-engine-factory";
import { appendToMailbox } from "./append-to-mailbox";
import { auditRestore } from "./restore-archived-email";

const PAGE_SIZE = 1000;

/**
 * Worker handler of `archive.restore` jobs ({runId}): appends every email the run's query matches
 * within the requester's scope to the mailbox over one IMAP connection, counting progress on the
 * run. A run is taken once (queued → running), so a retried job never appends twice; an email whose
 * bytes cannot be read counts as failed, an IMAP failure fails the run with its message.
 */
export async function runBulkRestoreJob(payload: Record<string, unknown>): Promise<void> {
  const runId = String(payload.runId);
  const taken = await db().restoreRun.updateMany({ where: { id: runId, status: "queued" }, data: { status: "running" } });
  if (taken.count === 0) return;
  const run = await db().restoreRun.findUniqueOrThrow({ where: { id: runId } });
  const actor = run.actor as unknown as AuditActor;
  let total = 0;
  let failed = 0;
  async function* matching() {
    const pages = searchEngine().searchAllIds({ query: run.searchQuery as unknown as SearchQuery, pageSize: PAGE_SIZE, scope: run.scope as ArchiveCondition[] | null });
    for await (const ids of pages) {
      total += ids.length;
      const emails = await db().archivedEmail.findMany({ where: { id: { in: ids } }, select: { id: true, storagePath: true, storageHashSha256: true, sentAt: true } });
      for (const email of emails) {
        try {
          const raw = await readVerifiedBlob({ actor, key: email.storagePath, hashSha256: email.storageHashSha256, target: { type: "ArchivedEmail", id: email.id } });
          yield { raw, date: email.sentAt, email };
        } catch {
          failed += 1;
          await db().restoreRun.update({ where: { id: runId }, data: { failed } });
        }
      }
      failed += ids.length - emails.length;
    }
  }
  try {
    const config = await loadImapConfig({ sourceId: run.ingestionSourceId });
    await appendToMailbox({
      config,
      folder: run.folder,
      messages: matching(),
      onAppended: async ({ email }) => {
        await auditRestore({ actor, email, ingestionSourceId: run.ingestionSourceId, folder: run.folder });
        await db().restoreRun.update({ where: { id: runId }, data: { restored: { increment: 1 } } });
      },
    });
    await db().restoreRun.update({ where: { id: runId }, data: { status: "completed", total, failed, finishedAt: new Date() } });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    await db().restoreRun.update({ where: { id: runId }, data: { status: "failed", failed, error: message, finishedAt: new Date() } });
  }
}
