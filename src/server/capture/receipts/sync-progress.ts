import { db } from "../../platform/db/client";

export interface MailboxProgress {
  mailbox: string;
  /** The folder being read (the last one, once the mailbox is done). */
  folder: string;
  /** Items settled (archived, already archived, failed) so far. */
  done: number;
  /** Items listed as new so far. */
  seen: number;
}

/** How often a running sync writes its progress rows. */
export const PROGRESS_INTERVAL_MS = 1000;

/**
 * Writes a sync run's progress per mailbox while it runs: rows of the run replace the source's earlier
 * ones at the start, `snapshot()` is written every second (a write still under way skips that tick),
 * and `stop()` writes the last snapshot with every row finished. Progress is advisory: a failed write
 * never fails the sync.
 */
export function startSyncProgress(options: { sourceId: string; runId: string; snapshot: () => MailboxProgress[] }): {
  stop: () => Promise<void>;
} {
  const { sourceId, runId } = options;
  let writing: Promise<void> = db()
    .syncProgress.deleteMany({ where: { sourceId, runId: { not: runId } } })
    .then(() => undefined)
    .catch(() => undefined);
  let busy = false;
  const write = (finished: boolean) =>
    Promise.all(
      options.snapshot().map((row) =>
        db().syncProgress.upsert({
          where: { runId_mailbox: { runId, mailbox: row.mailbox } },
          create: { runId, sourceId, ...row, finished },
          update: { folder: row.folder, done: row.done, seen: row.seen, finished, updatedAt: new Date() },
        }),
      ),
    ).then(() => undefined);
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    writing = writing
      .then(() => write(false))
      .catch(() => undefined)
      .finally(() => (busy = false));
  }, PROGRESS_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await writing;
      await write(true).catch(() => undefined);
    },
  };
}

/** The source's latest run's progress rows, by mailbox. */
export async function loadSyncProgress(options: { sourceId: string }) {
  const rows = await db().syncProgress.findMany({ where: { sourceId: options.sourceId }, orderBy: [{ updatedAt: "desc" }] });
  const runId = rows[0]?.runId;
  return rows
    .filter((row) => row.runId === runId)
    .sort((a, b) => a.mailbox.localeCompare(b.mailbox))
    .map(({ runId: run, mailbox, folder, done, seen, finished, updatedAt }) => ({
      runId: run,
      mailbox,
      folder,
      done,
      seen,
      finished,
      updatedAt,
    }));
}
