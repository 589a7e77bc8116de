import { userInfo } from "node:os";
import { resolveDatabase } from "../../src/server/platform/db/database-url";
import { disconnectDb } from "../../src/server/platform/db/client";
import { checkInstallation } from "../../src/server/installation/check-installation";
import type { BlobWalkOptions } from "../../src/server/installation/checks/installation-check";
import { createBackup } from "../../src/server/installation/create-backup";
import { restoreBackup, RestoreRefusedError } from "../../src/server/installation/restore-backup";
import { rotateStorageKey } from "../../src/server/installation/rotate-storage-key";
import { systemActor } from "../../src/server/audit/append-audit-entry";
import { log, progressBar } from "./cli-support";

/** Runs `work` against the installation's database (DATABASE_URL, or the embedded one of DATA_DIR). */
async function withDatabase(work: (databaseUrl: string) => Promise<number>): Promise<number> {
  const database = await resolveDatabase(log);
  try {
    return await work(database.url);
  } finally {
    await disconnectDb();
    await database.stop();
  }
}

const seconds = (startedAt: number) => Math.round((Date.now() - startedAt) / 100) / 10;

/** `backup --to <dir> [--concurrency <n>]`: prints {backup, directory, snapshotAt, counts, auditHead, seconds}. */
export function runBackup(options: { to: string; concurrency: number | undefined; progress: boolean }): Promise<number> {
  return withDatabase(async () => {
    const startedAt = Date.now();
    const bar = progressBar("{bar} {percentage}% | {value}/{total} blobs | ETA {eta_formatted}", options.progress);
    bar.start(1, 0);
    const manifest = await createBackup({
      to: options.to,
      concurrency: options.concurrency,
      onProgress: (progress) => {
        bar.setTotal(Math.max(1, progress.blobsExpected, progress.blobsDone));
        bar.update(progress.blobsDone);
      },
    });
    bar.stop();
    log(
      `backup ${manifest.id}: ${manifest.counts.emails} emails, ${manifest.counts.blobs} blobs (${manifest.counts.blobsCopied} new) in ${seconds(startedAt)} s`,
    );
    const { id, snapshotAt, counts, auditHead } = manifest;
    process.stdout.write(
      `${JSON.stringify({ backup: id, directory: options.to, snapshotAt, counts, auditHead, seconds: seconds(startedAt) })}\n`,
    );
    return 0;
  });
}

/** `restore --from <dir> [--new-signing-key]`: exit 1 with the reason when the target is not empty or a key is missing. */
export function runRestore(options: { from: string; newSigningKey: boolean; progress: boolean }): Promise<number> {
  return withDatabase(async (databaseUrl) => {
    const startedAt = Date.now();
    const bar = progressBar("{bar} {percentage}% | {value}/{total} blobs | ETA {eta_formatted}", options.progress);
    bar.start(1, 0);
    try {
      const summary = await restoreBackup({
        from: options.from,
        databaseUrl,
        newSigningKey: options.newSigningKey,
        actor: systemActor(`cli:${userInfo().username}`),
        log,
        onProgress: (progress) => {
          bar.setTotal(Math.max(1, progress.blobsTotal));
          bar.update(progress.blobsDone);
        },
      });
      bar.stop();
      process.stdout.write(`${JSON.stringify({ ...summary, seconds: seconds(startedAt) })}\n`);
      return 0;
    } catch (error) {
      bar.stop();
      if (!(error instanceof RestoreRefusedError)) throw error;
      log(`restore refused: ${error.message}`);
      return 1;
    }
  });
}

/**
 * `check [--sample ..] [--resume] [--limit ..] [--concurrency ..]`: prints {emails, blobsChecked, blobsMissing,
 * blobsCorrupt, sampled, walkComplete, .., auditOk, auditLogId}; exit 1 on any problem in what it checked.
 */
export function runCheck(options: { progress: boolean; blobWalk: BlobWalkOptions }): Promise<number> {
  return withDatabase(async () => {
    const bar = progressBar("{bar} {percentage}% | {value}/{total} | ETA {eta_formatted}", options.progress);
    const result = await checkInstallation({
      blobWalk: options.blobWalk,
      onStart: (total) => bar.start(Math.max(1, total), 0),
      onProgress: (done) => bar.update(done),
    });
    bar.stop();
    for (const problem of result.problems) log(problem);
    process.stdout.write(`${JSON.stringify(result.summary)}\n`);
    return result.ok ? 0 : 1;
  });
}

/** `rotate-storage-key --new-key <file>`: prints {rewrapped, dataKeys, oldFingerprint, newFingerprint, replacedKeyFile}. */
export function runRotateStorageKey(options: { newKeyFile: string }): Promise<number> {
  return withDatabase(async () => {
    const result = await rotateStorageKey({ actor: systemActor(`cli:${userInfo().username}`), newKeyFile: options.newKeyFile });
    log(
      result.replacedKeyFile
        ? `re-wrapped ${result.rewrapped} data key(s); ${result.replacedKeyFile} now holds the new key`
        : `re-wrapped ${result.rewrapped} data key(s); set STORAGE_KEY / STORAGE_KEY_FILE to the new key before the next start`,
    );
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  });
}
