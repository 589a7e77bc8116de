import { recordImportOutcome } from "../receipts/record-import-outcome";
import type { ImapFlow } from "imapflow";
import { connectImap } from "./imap-connection";
import { systemActor, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { loadImapConfig, type ImapConnectionConfig } from "../load-imap-config";
import { newRunId, receiptFolder, type ReceiptExcluded } from "../receipts/import-receipt";
import { startSyncProgress } from "../receipts/sync-progress";
import { describeImapError, type DescribedImapError } from "./describe-imap-error";
import { excludedSyncFolders, selectSyncFolders } from "./select-sync-folders";
import { withSourceSyncLock } from "./source-sync-lock";
import { newFolderSummary, syncImapFolder, type BatchLimits, type FolderSyncSummary } from "./sync-imap-folder";

export type ImapSyncResult =
  /** Another sync of the same source holds its lock; nothing was done. */
  | { status: "skipped" }
  | { status: "synced"; folders: FolderSyncSummary[] }
  | ({ status: "error"; folders: FolderSyncSummary[] } & DescribedImapError);

const DEFAULT_LIMITS: BatchLimits = { messages: 200, bytes: 8 * 1024 * 1024 };
const SYNC_ACTOR = systemActor("system:imap-sync");

class ConfiguredFoldersMissing extends Error {}

/**
 * Archives an IMAP source's new mail: every folder except Junk and Trash (or the configured
 * `mailboxes`), each from the UID after the last one archived. One sync per source at a time
 * (an advisory lock); the source shows `syncing`, then `idle` with `lastSyncAt`, or `error` with a
 * password-free message. An IMPORT audit entry by `actor` (who asked for the sync, else the system)
 * records each run's counts and the hash of its signed receipt; progress rows are written every second.
 */
export async function syncImapSource(options: {
  sourceId: string;
  limits?: Partial<BatchLimits>;
  actor?: AuditActor;
}): Promise<ImapSyncResult> {
  const config = await loadImapConfig({ sourceId: options.sourceId });
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const run: ImapRun = {
    runId: newRunId(),
    startedAt: new Date(),
    actor: options.actor ?? SYNC_ACTOR,
    mailbox: config.userEmail ?? config.username,
    folders: [],
    excluded: [],
  };
  const locked = await withSourceSyncLock(options.sourceId, async () => {
    const progress = startSyncProgress({
      sourceId: options.sourceId,
      runId: run.runId,
      snapshot: () => [
        {
          mailbox: run.mailbox,
          folder: run.folders.at(-1)?.folder ?? "",
          done: run.folders.reduce((total, folder) => total + folder.imported + folder.duplicates + folder.failed.length, 0),
          seen: run.folders.reduce((total, folder) => total + folder.seen, 0),
        },
      ],
    });
    try {
      return await runSync(options.sourceId, config, limits, run);
    } finally {
      await progress.stop();
    }
  });
  return locked.acquired ? locked.result : { status: "skipped" };
}

interface ImapRun {
  runId: string;
  startedAt: Date;
  actor: AuditActor;
  mailbox: string;
  folders: FolderSyncSummary[];
  excluded: ReceiptExcluded[];
}

async function runSync(sourceId: string, config: ImapConnectionConfig, limits: BatchLimits, run: ImapRun): Promise<ImapSyncResult> {
  await transaction((tx) => tx.ingestionSource.updateMany({ where: { id: sourceId }, data: { status: "syncing", statusMessage: null } }));
  const { folders } = run;
  let client: ImapFlow | null = null;
  try {
    client = await connectImap(config);
    const listed = await client.list();
    const { folders: selected, missing } = selectSyncFolders(listed, config.mailboxes);
    if (missing.length > 0) {
      throw new ConfiguredFoldersMissing(
        `The IMAP server has no folder ${missing.map((name) => `"${name}"`).join(", ")} (from the source's mailboxes)`,
      );
    }
    for (const excluded of excludedSyncFolders(listed, selected)) {
      const status = await client.status(excluded.folder, { messages: true }).catch(() => null);
      run.excluded.push({ ...excluded, count: status ? (status.messages ?? null) : null });
    }
    const userEmail = run.mailbox;
    for (const folder of selected) {
      const summary = newFolderSummary(folder);
      folders.push(summary);
      await syncImapFolder({ client, sourceId, userEmail, limits, summary });
    }
    // Everything is archived by now: a failed goodbye is no failed sync.
    const connected = client;
    await connected.logout().catch(() => connected.close());
    await recordOutcome(sourceId, run, null);
    return { status: "synced", folders };
  } catch (error) {
    client?.close();
    const described =
      error instanceof ConfiguredFoldersMissing ? { message: error.message, retryable: false } : describeImapError(error, config);
    await recordOutcome(sourceId, run, described.message);
    return { status: "error", folders, ...described };
  }
}

function failuresNote(folders: FolderSyncSummary[]): string | null {
  const failed = folders.flatMap((summary) => summary.failed.map((failure) => `${summary.folder} UID ${failure.uid}: ${failure.reason}`));
  if (failed.length === 0) return null;
  const shown = failed.slice(0, 3).join("; ");
  return `${failed.length} message(s) could not be archived: ${shown}${failed.length > 3 ? "; …" : ""}`.slice(0, 1000);
}

/** The source's final status, the run's signed receipt and its IMPORT audit entry, in one transaction. */
async function recordOutcome(sourceId: string, run: ImapRun, errorMessage: string | null): Promise<void> {
  const { folders } = run;
  const total = (count: (summary: FolderSyncSummary) => number) => folders.reduce((sum, summary) => sum + count(summary), 0);
  await transaction((tx) =>
    recordImportOutcome(tx, {
      source:
        errorMessage === null ? { status: "idle", statusMessage: failuresNote(folders) } : { status: "error", statusMessage: errorMessage },
      receipt: {
        receiptId: run.runId,
        sourceId,
        origin: "imap-sync",
        actor: run.actor,
        startedAt: run.startedAt,
        error: errorMessage,
        mailboxes: [
          {
            mailbox: run.mailbox,
            status: errorMessage === null ? "synced" : "failed",
            reason: errorMessage,
            excluded: run.excluded,
            folders: folders.map((summary) =>
              receiptFolder({
                folder: summary.folder,
                seen: summary.seen,
                stored: summary.imported,
                alreadyArchived: summary.duplicates,
                failed: summary.failed.map((failure) => ({ item: `UID ${failure.uid}`, reason: failure.reason })),
                providerCount: null,
              }),
            ),
          },
        ],
      },
      details: {
        origin: "imap-sync",
        imported: total((summary) => summary.imported),
        duplicates: total((summary) => summary.duplicates),
        failed: total((summary) => summary.failed.length),
        folders: folders.map((summary) => ({
          folder: summary.folder,
          restarted: summary.restarted,
          imported: summary.imported,
          duplicates: summary.duplicates,
          failed: summary.failed.length,
        })),
        ...(errorMessage === null ? {} : { error: errorMessage }),
      },
    }),
  );
}
