import { Readable } from "node:stream";
import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { transaction } from "../platform/db/client";
import { producibleExport } from "./get-export";
import { productionZip } from "./export/production-zip";

/** Streams a completed production as a zip (productionZip), within the caller's scope (producibleExport). Audited as DOWNLOAD. */
export async function downloadExport(options: { principal: Principal; caseId: string; exportId: string }): Promise<Response> {
  const { principal } = options;
  const row = await transaction(async (tx) => {
    const found = await producibleExport(tx, principal, options.caseId, options.exportId, "downloaded");
    await appendAuditEntry(tx, {
      actor: principal.actor,
      actionType: "DOWNLOAD",
      targetType: "EdiscoveryExport",
      targetId: found.id,
      details: { caseId: found.caseId, query: found.queryUsed, count: found.totalItems, manifestSha256: found.manifestSha256 },
    });
    return found;
  });
  const filename = `${row.name.replace(/[^\w.-]+/g, "_").slice(0, 100) || "export"}.zip`;
  return new Response(Readable.toWeb(productionZip(row)) as ReadableStream, {
    status: 200,
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${filename}"`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
