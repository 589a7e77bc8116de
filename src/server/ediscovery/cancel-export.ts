import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { transaction } from "../platform/db/client";
import { conflict } from "../platform/errors/app-error";
import { accessibleCase } from "./case-access";
import { exportDto } from "./case-records-dto";
import type { ExportDto } from "./ediscovery.responses";
import { exportStatusForUpdate } from "./exports.queries";
import { findExport } from "./get-export";

/** Cancels a queued or running export; the worker stops at its next batch and removes its files. */
export async function cancelExport(options: { principal: Principal; caseId: string; exportId: string }): Promise<ExportDto> {
  return transaction(async (tx) => {
    await accessibleCase(tx, options.principal, options.caseId, "share");
    await findExport(tx, options.caseId, options.exportId);
    const status = await exportStatusForUpdate(tx, options.exportId);
    if (status !== "queued" && status !== "running")
      throw conflict(`The export is ${status}: only a queued or running export can be cancelled`);
    const cancelled = await tx.ediscoveryExport.update({
      where: { id: options.exportId },
      data: { status: "cancelled", completedAt: new Date(), lockedAt: null, lockedBy: null },
    });
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "EXPORT",
      targetType: "EdiscoveryExport",
      targetId: cancelled.id,
      details: { phase: "cancelled", caseId: options.caseId, processedItems: cancelled.processedItems, totalItems: cancelled.totalItems },
    });
    return exportDto(cancelled);
  });
}
