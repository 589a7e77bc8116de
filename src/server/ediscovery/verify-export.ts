import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { db } from "../platform/db/client";
import { installationPublicKey } from "../platform/signing/installation-signing-key";
import { privateWriteStream } from "../platform/files/private-files";
import { producibleExport } from "./get-export";
import { productionZip } from "./export/production-zip";
import { verifyExportZip, type ExportVerification } from "../../../scripts/verify-export.mjs";

export interface ExportVerificationResult extends ExportVerification {
  exportId: string;
  manifestSha256: string | null;
  verifiedAt: string;
}

/**
 * Checks a completed production as a recipient would: the zip the download would send is written
 * to a temporary file and verified by the standalone verifier (scripts/verify-export.mjs) with this
 * installation's public key: the signature of manifest.csv, then every message's hash and size.
 * Nothing leaves the server, so it is not a DOWNLOAD in the chain of custody; it is audited as
 * VERIFY with the outcome. Only for a caller whose read scope covers the production (producibleExport).
 */
export async function verifyExport(options: { principal: Principal; caseId: string; exportId: string }): Promise<ExportVerificationResult> {
  const row = await producibleExport(db(), options.principal, options.caseId, options.exportId, "verified");
  const directory = await mkdtemp(path.join(tmpdir(), "verify-export-"));
  try {
    const zipPath = path.join(directory, "production.zip");
    const unreadable = await pipeline(productionZip(row), privateWriteStream(zipPath, { flag: "wx" })).then(
      () => null,
      (error: Error) => ({
        ok: false,
        problems: [`the production's files cannot be read back: ${error.message}`],
        messages: 0,
        keyFromZip: false,
      }),
    );
    const result = unreadable ?? verifyExportZip(zipPath, { publicKeyPem: installationPublicKey().publicKey });
    await appendAuditEntry(db(), {
      actor: options.principal.actor,
      actionType: "VERIFY",
      targetType: "EdiscoveryExport",
      targetId: row.id,
      details: {
        caseId: row.caseId,
        ok: result.ok,
        messages: result.messages,
        problems: result.problems.length,
        manifestSha256: row.manifestSha256,
      },
    });
    return { ...result, exportId: row.id, manifestSha256: row.manifestSha256, verifiedAt: new Date().toISOString() };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
