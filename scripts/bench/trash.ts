import { existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

/**
 * Directories the bench is done with (the previous run's blobs, the `cp -a` copy of the backup's
 * baseline, notmuch's maildirs) wait in `trash-*` under the bench directory and are deleted when
 * the run ends. On this host's ext4 without a journal, creating an inode skips every inode freed in
 * the last 30-60 s, reading the inode table to tell: deleting thousands of files just before a step
 * that creates its own cost that step 0.3-0.6 ms of kernel CPU per message (docs/journaling.md), and
 * the small-mail import measured after notmuch had deleted its 20,000 maildir files ran 11 % slower.
 * That is a cost of the bench, not of the step measured.
 */
const TRASH = /^(storage-)?trash-/;
let moved = 0;

/** Moves `dir` (when it exists) into the trash of `benchDir`; the same file system, so a rename. */
export function moveToTrash(dir: string, benchDir: string): void {
  if (!existsSync(dir)) return;
  renameSync(dir, path.join(benchDir, `trash-${Date.now()}-${moved++}-${path.basename(dir)}`));
}

/** Deletes the trash of `benchDir`; answers how many directories it held. */
export function emptyTrash(benchDir: string): number {
  const entries = existsSync(benchDir) ? readdirSync(benchDir).filter((entry) => TRASH.test(entry)) : [];
  for (const entry of entries) rmSync(path.join(benchDir, entry), { recursive: true, force: true });
  return entries.length;
}
