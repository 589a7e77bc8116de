import { appendAuditEntry } from "../../audit/append-audit-entry";
import type { Tx } from "../../platform/db/client";
import { sealImportReceipt, type ReceiptInput } from "./import-receipt";

/** What a sync leaves on its source: idle with a note and the time it finished, or the error that ended it. */
export type SourceOutcome = { status: "idle"; statusMessage: string | null } | { status: "error"; statusMessage: string };

/**
 * The outcome of an import run, written once for every path (uploads, the CLI, IMAP, Microsoft 365,
 * Gmail) in the caller's transaction: the source's final status when the run is a sync, the run's
 * signed receipt, and its IMPORT audit entry naming the receipt. `details` are the path's own counts.
 */
export async function recordImportOutcome(
  client: Tx,
  outcome: { receipt: ReceiptInput; details: Record<string, unknown>; source?: SourceOutcome },
): Promise<void> {
  const { receipt: input, details, source } = outcome;
  if (source) {
    await client.ingestionSource.updateMany({
      where: { id: input.sourceId },
      data: source.status === "idle" ? { ...source, lastSyncAt: new Date() } : source,
    });
  }
  const receipt = await sealImportReceipt(client, input);
  await appendAuditEntry(client, {
    actor: input.actor,
    actionType: "IMPORT",
    targetType: "IngestionSource",
    targetId: input.sourceId,
    details: { ...details, receipt },
  });
}
