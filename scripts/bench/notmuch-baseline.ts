/**
 * The ingest scenario's baseline: notmuch (Xapian, C++) indexing the same messages as the CLI
 * import, from a maildir written from the same mbox (one file per message, the bytes the import
 * reads), with a configuration of its own in a temporary directory. Only `notmuch new` is timed.
 */
import { execFileSync } from "node:child_process";
import { createReadStream, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { runMeasured } from "./measured-process";
import { moveToTrash } from "./trash";

/** How to get notmuch where it is missing (the bench refuses to run without its baseline). */
export const NOTMUCH_MISSING =
  "notmuch is not installed: the ingest scenario's baseline needs it. Install Debian's package: `apt-get install notmuch` (.ci/run installs it too).";

/** notmuch's version, or null when it is not installed. */
export function notmuchVersion(): string | null {
  try {
    return execFileSync("notmuch", ["--version"], { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

export interface NotmuchRun {
  /** Messages notmuch counted in its database after `notmuch new`. */
  indexed: number;
  files: number;
  seconds: number;
  perSecond: number;
  peakRssMb: number;
}

/** Writes every message of the mbox as one maildir file (cur/, no flags); returns how many. */
async function writeMaildir(mbox: string, maildir: string): Promise<number> {
  // Imported here: the reader reads the application's configuration, which the bench sets first.
  const { readMboxMessages } = await import("../../src/server/capture/ingestion/readers/mbox-reader");
  for (const sub of ["cur", "new", "tmp"]) mkdirSync(path.join(maildir, sub), { recursive: true });
  let files = 0;
  for await (const item of readMboxMessages(createReadStream(mbox), { path: mbox })) {
    if (!("raw" in item)) continue;
    await writeFile(path.join(maildir, "cur", `${files}.bench:2,`), item.raw);
    files++;
  }
  return files;
}

/** `notmuch new` over the mbox's messages, in a fresh temporary maildir and database under `workDir`. */
export async function notmuchIndex(options: { mbox: string; workDir: string; log: (text: string) => void }): Promise<NotmuchRun> {
  mkdirSync(options.workDir, { recursive: true });
  const dir = mkdtempSync(path.join(options.workDir, "notmuch-"));
  try {
    const maildir = path.join(dir, "mail");
    const files = await writeMaildir(options.mbox, maildir);
    const configFile = path.join(dir, "notmuch-config");
    writeFileSync(
      configFile,
      [
        "[database]",
        `path=${maildir}`,
        "[user]",
        "name=Bench",
        "primary_email=bench@bench.example",
        "[new]",
        "tags=",
        "ignore=",
        "[search]",
        "exclude_tags=",
        "[maildir]",
        "synchronize_flags=false",
        "",
      ].join("\n"),
    );
    const env = { ...process.env, NOTMUCH_CONFIG: configFile, HOME: dir };
    options.log(`ingest baseline: notmuch new over ${files} maildir files`);
    const run = await runMeasured("notmuch", ["new", "--quiet"], { env });
    const indexed = Number(execFileSync("notmuch", ["count", "--output=files", "*"], { env }).toString().trim());
    options.log(`ingest baseline: notmuch indexed ${indexed} files in ${run.seconds.toFixed(1)} s (${(files / run.seconds).toFixed(0)}/s)`);
    return { indexed, files, seconds: run.seconds, perSecond: files / run.seconds, peakRssMb: run.peakRssMb };
  } finally {
    moveToTrash(dir, options.workDir);
  }
}
