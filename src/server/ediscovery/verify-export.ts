import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Principal } from "../auth/principal";
import { db } from "../db/client";
import { conflict } from "../errors/app-error";
import { installationPublicKey } from "../signing/installation-signing-key";
import { privateWriteStream } from "../storage/private-files";
import { accessibleCase } from "./case-access";
import { findExport } from "./get-export";
import { productionZip } from "./production-zip";
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
 * Nothing leaves the server, so it is not a DOWNLOAD in the chain of custody.
 */
export async function verifyExport(options: { principal: Principal; caseId: string; exportId: string }): Promise<ExportVerificationResult> {
  await accessibleCase(db(), options.principal, options.caseId);
  const row = await findExport(db(), options.caseId, options.exportId);
  if (row.status !== "completed") throw conflict(`The export is ${row.status}: only a completed export can be verified`);
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
    return { ...result, exportId: row.id, manifestSha256: row.manifestSha256, verifiedAt: new Date().toISOString() };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
