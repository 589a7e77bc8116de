import { Prisma } from "@/generated/prisma/client";
import { appendAuditEntry } from "../../audit/append-audit-entry";
import type { Principal } from "../../identity/auth/principal";
import { transaction, type Tx } from "../../platform/db/client";
import { caseMemberFilter } from "../../ediscovery/case-access";
import { findVisibleCase } from "../../ediscovery/cases.queries";
import { conflict, notFound } from "../../platform/errors/app-error";
import { loadImapDestination } from "../load-imap-config";
import { enqueueJob } from "../../platform/jobs/enqueue-job";
import { BULK_RESTORE_JOB, type BulkRestoreInput } from "./restore.schemas";
import { bulkRestoreScope } from "./restore-destination";
import { toRestoreRunDto } from "./restore-run-dto";
import type { RestoreRunDto } from "./restore.responses";

/**
 * The case export a restore reads: 404 unless it exists in a case the caller works on (as every
 * export route answers), 409 until it is completed (its items are then the produced set).
 */
async function restorableExport(tx: Tx, principal: Principal, exportId: string): Promise<{ caseId: string }> {
  const row = await tx.ediscoveryExport.findUnique({ where: { id: exportId }, select: { caseId: true, status: true } });
  // An export of a case the caller does not work on is the same 404 as a missing one.
  if (!row || !(await findVisibleCase(tx, row.caseId, caseMemberFilter(principal), "none"))) throw notFound("Export");
  if (row.status !== "completed") throw conflict(`The export is ${row.status}; only a completed export can be restored`);
  return { caseId: row.caseId };
}

/**
 * `POST /v1/archived-emails/restore`: queues a restore, for the worker, of every email the search
 * query matches or every item of a completed case export, within what the caller may restore
 * (their role's scope, narrowed to the destination's own emails unless they may restore anywhere:
 * restore-destination.ts, is kept with the run) and bound to the destination's config fingerprint;
 * audited with the selection (RESTORE_REQUESTED), and each restored email again as RESTORE.
 */
export async function requestBulkRestore(options: { principal: Principal; input: BulkRestoreInput }): Promise<RestoreRunDto> {
  const { principal, input } = options;
  // The run is bound to the destination as it is now: a change before it runs fails it (run-bulk-restore-job.ts).
  const destination = await loadImapDestination({ sourceId: input.ingestionSourceId });
  return transaction(async (tx) => {
    const exported = input.exportId === undefined ? null : await restorableExport(tx, principal, input.exportId);
    const scope = bulkRestoreScope(principal, input.ingestionSourceId);
    const run = await tx.restoreRun.create({
      data: {
        ingestionSourceId: input.ingestionSourceId,
        folder: input.folder,
        searchQuery: input.searchQuery === undefined ? Prisma.DbNull : (input.searchQuery as object),
        exportId: input.exportId,
        scope: scope === null ? Prisma.DbNull : (scope as object),
        actor: principal.actor as object,
        destinationFingerprint: destination.fingerprint,
      },
    });
    await enqueueJob({ type: BULK_RESTORE_JOB, payload: { runId: run.id }, client: tx });
    await appendAuditEntry(tx, {
      actor: principal.actor,
      actionType: "RESTORE_REQUESTED",
      targetType: "RestoreRun",
      targetId: run.id,
      details: {
        ingestionSourceId: input.ingestionSourceId,
        folder: input.folder,
        destinationFingerprint: destination.fingerprint,
        ...(exported ? { exportId: input.exportId, caseId: exported.caseId } : { searchQuery: input.searchQuery }),
      },
    });
    return toRestoreRunDto(run);
  });
}
