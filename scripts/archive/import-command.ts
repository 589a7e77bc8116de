import { userInfo } from "node:os";
import { systemActor } from "../../src/server/audit/append-audit-entry";
import { resolveDatabase } from "../../src/server/platform/db/database-url";
import { disconnectDb } from "../../src/server/platform/db/client";
import { applyMigrations } from "../../src/server/platform/db/migrations";
import { mailboxAddress } from "../../src/server/capture/ingestion-sources.schemas";
import { findImportFiles } from "../../src/server/capture/ingestion/files/find-import-files";
import { findOrCreateUploadSource, findSourceByIdOrName } from "../../src/server/capture/ingestion/files/find-source";
import { readImportFiles } from "../../src/server/capture/ingestion/files/read-import-files";
import { importMessageStream } from "../../src/server/capture/ingestion/import-message-stream";
import { prepareDatabase } from "../../src/server/installation/system/prepare-database";
import { log, progressBar, UsageError } from "./cli-support";

/** `import`: files, folders, mbox, zip and PST into a source, with a progress bar (scripts/archive.ts). */
export async function runImport(
  options: { source: string; user?: string; paths: string[]; create: boolean; progress: boolean },
  usage: string,
): Promise<number> {
  const { files, skipped } = await findImportFiles(options.paths);
  const totalBytes = files.reduce((sum, file) => sum + file.sizeBytes, 0);
  const database = await resolveDatabase(log);
  try {
    await applyMigrations(database.url, log);
    await prepareDatabase();
    const actor = systemActor(`cli:${userInfo().username}`);
    const source = options.create
      ? await findOrCreateUploadSource({ actor, name: options.source })
      : await findSourceByIdOrName({ idOrName: options.source });
    const configured = (source.config as { userEmail?: unknown }).userEmail;
    const mailbox = mailboxAddress.safeParse(options.user ?? configured);
    if (!mailbox.success)
      throw new UsageError(`--user <mailbox> is required (a mailbox address) unless the source's config names one\n${usage}`);
    log(`importing ${files.length} file(s), ${(totalBytes / 1048576).toFixed(1)} MB, into "${source.name}" for ${mailbox.data}`);
    for (const file of skipped) log(`skipped ${file.file}: ${file.reason}`);
    const bar = progressBar(
      "{bar} {percentage}% | {messages} messages | {mb}/{totalMb} MB | {rate} msg/s | ETA {eta_formatted}",
      options.progress,
    );
    const startedAt = Date.now();
    let bytesRead = 0;
    let messages = 0;
    const payload = () => ({
      messages,
      mb: (bytesRead / 1048576).toFixed(1),
      totalMb: (totalBytes / 1048576).toFixed(1),
      rate: Math.round(messages / Math.max(0.001, (Date.now() - startedAt) / 1000)),
    });
    bar.start(Math.max(1, totalBytes), 0, payload());
    const summary = await importMessageStream({
      actor,
      sourceId: source.id,
      userEmail: mailbox.data,
      items: readImportFiles(files, (bytes) => (bytesRead = Math.min(totalBytes, bytesRead + bytes))),
      origin: { cli: true, files: files.length, bytes: totalBytes },
      onProgress: (progress) => {
        messages = progress.messages;
        bar.update(bytesRead, payload());
      },
    });
    bar.update(totalBytes, payload());
    bar.stop();
    const seconds = (Date.now() - startedAt) / 1000;
    const peakRssMb = process.resourceUsage().maxRSS / 1024;
    if (process.env.ARCHIVE_MEMORY_DEBUG) log(JSON.stringify(process.memoryUsage()));
    log(
      `done in ${seconds.toFixed(1)} s (${Math.round(messages / Math.max(seconds, 0.001))} messages/s, ${(totalBytes / 1048576 / Math.max(seconds, 0.001)).toFixed(1)} MB/s, peak RSS ${peakRssMb.toFixed(0)} MB)`,
    );
    process.stdout.write(`${JSON.stringify({ ...summary, skipped })}\n`);
    // Files given and none of them mail: a script must not take that for success. A re-run that finds
    // only messages already archived (duplicates) is not such a case.
    return summary.imported + summary.duplicates === 0 && skipped.length > 0 ? 1 : 0;
  } finally {
    await disconnectDb();
    await database.stop();
  }
}
