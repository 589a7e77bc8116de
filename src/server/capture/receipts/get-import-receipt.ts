import type { z } from "zod";
import { db } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import type { importReceiptResponse } from "../ingestion-sources.responses";

/** The IMPORT audit entry that records a receipt's hash (its `details.receipt.id`). */
export function receiptAuditEntry(options: { sourceId: string; receiptId: string }) {
  return db().auditLog.findFirst({
    where: {
      actionType: "IMPORT",
      targetType: "IngestionSource",
      targetId: options.sourceId,
      details: { path: ["receipt", "id"], equals: options.receiptId },
    },
  });
}

/** A source's receipt row; 404 when the source has no such receipt. */
export async function loadImportReceipt(options: { sourceId: string; receiptId: string }) {
  const row = await db().importReceipt.findFirst({ where: { id: options.receiptId, sourceId: options.sourceId } });
  if (!row) throw notFound("Import receipt");
  return row;
}

/** A sync run's or import's signed receipt, with the audit entry that records its hash. */
export async function getImportReceipt(options: { sourceId: string; receiptId: string }): Promise<z.input<typeof importReceiptResponse>> {
  const row = await loadImportReceipt(options);
  const entry = await receiptAuditEntry(options);
  return {
    id: row.id,
    sourceId: row.sourceId,
    origin: row.origin,
    finishedAt: row.finishedAt,
    body: row.body,
    sha256: row.sha256,
    signature: row.signature,
    algorithm: "Ed25519",
    publicKey: row.publicKey,
    auditEntryId: entry ? String(entry.id) : null,
    receipt: JSON.parse(row.body) as Record<string, unknown>,
  };
}
