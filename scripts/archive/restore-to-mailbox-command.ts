import { userInfo } from "node:os";
import { systemActor } from "../../src/server/audit/append-audit-entry";
import type { Principal } from "../../src/server/identity/auth/principal";
import { abilityFor } from "../../src/server/identity/authz/ability";
import { disconnectDb } from "../../src/server/platform/db/client";
import { resolveDatabase } from "../../src/server/platform/db/database-url";
import { applyMigrations } from "../../src/server/platform/db/migrations";
import { findSourceByIdOrName } from "../../src/server/capture/ingestion/files/find-source";
import { getRestoreRun } from "../../src/server/capture/restore/get-restore-run";
import { requestBulkRestore } from "../../src/server/capture/restore/request-bulk-restore";
import { bulkRestoreSchema } from "../../src/server/capture/restore/restore.schemas";
import { runBulkRestoreJob } from "../../src/server/capture/restore/run-bulk-restore-job";
import { prepareDatabase } from "../../src/server/installation/system/prepare-database";
import { log, progressBar } from "./cli-support";

/** The operator at the command line: the whole archive and every case, audited as `cli:<os user>`. */
function operatorPrincipal(): Principal {
  const policies = [{ action: "manage" as const, subject: "all" as const, conditions: {} }];
  const actor = systemActor(`cli:${userInfo().username}`);
  return {
    userId: "00000000-0000-0000-0000-000000000000",
    email: actor.identifier,
    roleId: null,
    policies,
    ability: abilityFor(policies),
    actor,
    via: "system",
  };
}

/**
 * `restore-to-mailbox --export <id> --source <imap source> [--folder <name>]`: restores every email
 * of a completed case export to the IMAP source's mailbox here and now, with a progress bar; the
 * run is the API's (audited, resumable: if this process dies the worker resumes it once its lease
 * lapses). Prints the finished run as JSON; exit code 0 when it completed.
 */
export async function runRestoreToMailbox(options: {
  exportId: string;
  source: string;
  folder?: string;
  progress: boolean;
}): Promise<number> {
  const database = await resolveDatabase(log);
  try {
    await applyMigrations(database.url, log);
    await prepareDatabase();
    const source = await findSourceByIdOrName({ idOrName: options.source });
    const input = bulkRestoreSchema.parse({ ingestionSourceId: source.id, folder: options.folder, exportId: options.exportId });
    const principal = operatorPrincipal();
    const run = await requestBulkRestore({ principal, input });
    log(`restoring export ${options.exportId} to "${source.name}", folder "${input.folder}" (run ${run.id})`);
    const bar = progressBar("{bar} {value}/{total} emails | {failed} failed", options.progress);
    bar.start(1, 0, { failed: 0 });
    const timer = setInterval(() => {
      getRestoreRun({ principal, runId: run.id }).then(
        (progress) => {
          bar.setTotal(Math.max(1, progress.total ?? 1));
          bar.update(progress.restored + progress.failed, { failed: progress.failed });
        },
        () => undefined,
      );
    }, 500);
    try {
      await runBulkRestoreJob({ runId: run.id });
    } finally {
      clearInterval(timer);
      bar.stop();
    }
    const finished = await getRestoreRun({ principal, runId: run.id });
    process.stdout.write(`${JSON.stringify(finished)}\n`);
    return finished.status === "completed" ? 0 : 1;
  } finally {
    await disconnectDb();
    await database.stop();
  }
}
