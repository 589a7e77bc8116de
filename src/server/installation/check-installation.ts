import { connectDedicatedPgClient } from "../platform/db/pg-pool";
import { pauseBlobDeletions } from "../archive/storage/storage.queries";
import { auditChainCheck } from "./checks/audit-chain-check";
import { blobRetentionCheck } from "./checks/blob-retention-check";
import type { BlobWalkOptions, InstallationCheck } from "./checks/installation-check";
import { storedBytesCheck } from "./checks/stored-bytes-check";

export const INSTALLATION_CHECKS: readonly InstallationCheck[] = [storedBytesCheck, blobRetentionCheck, auditChainCheck];

export interface InstallationCheckResult {
  ok: boolean;
  /** Every check's fields, e.g. {emails, blobsChecked, blobsMissing, blobsCorrupt, auditOk, auditLogId}. */
  summary: Record<string, number | boolean | string | null>;
  /** The first problems found, described for the operator. */
  problems: string[];
}

const PROBLEMS_KEPT = 50;

/**
 * Runs every check against the installation of DATABASE_URL and the configured blob store. Blob
 * deletions wait meanwhile, so an email deleted while it is checked does not look like lost bytes.
 */
export async function checkInstallation(
  options: {
    checks?: readonly InstallationCheck[];
    blobWalk?: BlobWalkOptions;
    onStart?: (totalWork: number) => void;
    onProgress?: (doneWork: number) => void;
  } = {},
): Promise<InstallationCheckResult> {
  const checks = options.checks ?? INSTALLATION_CHECKS;
  const blobWalk = options.blobWalk ?? {};
  const { client } = await connectDedicatedPgClient();
  try {
    await pauseBlobDeletions(client);
    let total = 0;
    for (const check of checks) total += await check.estimateWork(client, blobWalk);
    options.onStart?.(total);
    let done = 0;
    const problems: string[] = [];
    const result: InstallationCheckResult = { ok: true, summary: {}, problems };
    for (const check of checks) {
      const outcome = await check.run({
        client,
        blobWalk,
        advance: (units) => options.onProgress?.((done += units)),
        problem: (description) => {
          if (problems.length < PROBLEMS_KEPT) problems.push(description);
        },
      });
      result.ok &&= outcome.ok;
      Object.assign(result.summary, outcome.summary);
    }
    return result;
  } finally {
    await client.end().catch(() => undefined);
  }
}
