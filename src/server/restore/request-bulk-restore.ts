import { Prisma } from "@/generated/prisma/client";
import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../auth/principal";
import { archiveScope } from "../authz/ability";
import { transaction } from "../db/client";
import { loadImapConfig } from "../ingestion-sources/load-imap-config";
import { enqueueJob } from "../jobs/enqueue-job";
import { BULK_RESTORE_JOB, type BulkRestoreInput } from "./restore.schemas";
import { toRestoreRunDto, type RestoreRunDto } from "./restore-run-dto";

/**
 * `POST /v1/archived-emails/restore`: queues a restore of every email the search query matches and
 * the caller may restore (their role's scope is kept with the run) for the worker; audited with the
 * query (RESTORE_REQUESTED), and each restored email again as RESTORE.
 */
export async function requestBulkRestore(options: { principal: Principal; input: BulkRestoreInput }): Promise<RestoreRunDto> {
  const { principal, input } = options;
  await loadImapConfig({ sourceId: input.ingestionSourceId });
  return transaction(async (tx) => {
    const scope = archiveScope(principal.ability, "restore");
    const run = await tx.restoreRun.create({
      data: {
        ingestionSourceId: input.ingestionSourceId,
        folder: input.folder,
        searchQuery: input.searchQuery as object,
        scope: scope === null ? Prisma.DbNull : (scope as object),
        actor: principal.actor as object,
      },
    });
    await enqueueJob({ type: BULK_RESTORE_JOB, payload: { runId: run.id }, client: tx });
    await appendAuditEntry(tx, {
      actor: principal.actor,
      actionType: "RESTORE_REQUESTED",
      targetType: "RestoreRun",
      targetId: run.id,
      details: { ingestionSourceId: input.ingestionSourceId, folder: input.folder, searchQuery: input.searchQuery },
    });
    return toRestoreRunDto(run);
  });
}
