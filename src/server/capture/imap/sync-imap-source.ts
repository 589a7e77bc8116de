import type { ImapFlow } from "imapflow";
import { connectImap } from "./imap-connection";
import { appendAuditEntry, systemActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { loadImapConfig, type ImapConnectionConfig } from "../load-imap-config";
import { describeImapError, type DescribedImapError } from "./describe-imap-error";
import { selectSyncFolders } from "./select-sync-folders";
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
 * password-free message. An IMPORT audit entry records each run's counts.
 */
export async function syncImapSource(options: { sourceId: string; limits?: Partial<BatchLimits> }): Promise<ImapSyncResult> {
  const config = await loadImapConfig({ sourceId: options.sourceId });
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const locked = await withSourceSyncLock(options.sourceId, () => runSync(options.sourceId, config, limits));
  return locked.acquired ? locked.result : { status: "skipped" };
}

async function runSync(sourceId: string, config: ImapConnectionConfig, limits: BatchLimits): Promise<ImapSyncResult> {
  await transaction((tx) => tx.ingestionSource.updateMany({ where: { id: sourceId }, data: { status: "syncing", statusMessage: null } }));
  const folders: FolderSyncSummary[] = [];
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
    const userEmail = config.userEmail ?? config.username;
    for (const folder of selected) {
      const summary = newFolderSummary(folder);
      folders.push(summary);
      await syncImapFolder({ client, sourceId, userEmail, limits, summary });
    }
    // Everything is archived by now: a failed goodbye is no failed sync.
    const connected = client;
    await connected.logout().catch(() => connected.close());
    await recordOutcome(sourceId, folders, null);
    return { status: "synced", folders };
  } catch (error) {
    client?.close();
    const described =
      error instanceof ConfiguredFoldersMissing ? { message: error.message, retryable: false } : describeImapError(error, config);
    await recordOutcome(sourceId, folders, described.message);
    return { status: "error", folders, ...described };
  }
}

function failuresNote(folders: FolderSyncSummary[]): string | null {
  const failed = folders.flatMap((summary) => summary.failed.map((failure) => `${summary.folder} UID ${failure.uid}: ${failure.reason}`));
  if (failed.length === 0) return null;
  const shown = failed.slice(0, 3).join("; ");
  return `${failed.length} message(s) could not be archived: ${shown}${failed.length > 3 ? "; …" : ""}`.slice(0, 1000);
}

/** The source's final status and the run's IMPORT audit entry, in one transaction. */
async function recordOutcome(sourceId: string, folders: FolderSyncSummary[], errorMessage: string | null): Promise<void> {
  const total = (count: (summary: FolderSyncSummary) => number) => folders.reduce((sum, summary) => sum + count(summary), 0);
  await transaction(async (tx) => {
    await tx.ingestionSource.updateMany({
      where: { id: sourceId },
      data:
        errorMessage === null
          ? { status: "idle", statusMessage: failuresNote(folders), lastSyncAt: new Date() }
          : { status: "error", statusMessage: errorMessage },
    });
    await appendAuditEntry(tx, {
      actor: SYNC_ACTOR,
      actionType: "IMPORT",
      targetType: "IngestionSource",
      targetId: sourceId,
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
    });
  });
}
