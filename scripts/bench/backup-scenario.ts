import { execFileSync } from "node:child_process";
import { moveToTrash } from "./trash";
import path from "node:path";
import { lastJsonLine, runMeasured } from "./measured-process";
import { formatRatio, type ResultRow } from "./report";

interface BackupSummary {
  counts: { emails: number; blobs: number; blobsCopied: number; blobBytesCopied: number };
  seconds: number;
}

/**
 * `npm run archive -- backup` of the archive as the real CLI sees it (the service's database
 * running), against `cp -a` of the same data in the same run: the blob store and the database
 * cluster's directory. Then a second backup into the same directory, which copies only new blobs.
 */
export async function backupScenario(options: {
  archive: { args: string[]; env: Record<string, string> };
  env: NodeJS.ProcessEnv;
  projectDir: string;
  benchDir: string;
  storageDir: string;
  clusterDir: string;
  log: (text: string) => void;
}): Promise<{ row: ResultRow; note: string }> {
  const backupDir = path.join(options.benchDir, "backup");
  const copyDir = path.join(options.benchDir, "cp-baseline");
  moveToTrash(backupDir, options.benchDir);
  moveToTrash(copyDir, options.benchDir);
  const backup = () =>
    runMeasured(process.execPath, [...options.archive.args, "backup", "--to", backupDir, "--no-progress"], {
      cwd: options.projectDir,
      env: { ...options.env, ...options.archive.env },
    });
  options.log("backup: npm run archive -- backup");
  const first = await backup();
  const firstSummary = lastJsonLine<BackupSummary>(first.stdout);
  options.log("backup: cp -a baseline");
  const copyStarted = performance.now();
  execFileSync("mkdir", ["-p", copyDir]);
  execFileSync("cp", ["-a", options.storageDir, options.clusterDir, copyDir]);
  const copySeconds = (performance.now() - copyStarted) / 1000;
  const backupBytes = Number(execFileSync("du", ["-sb", backupDir]).toString().split("\t")[0]);
  const copyBytes = Number(execFileSync("du", ["-sb", copyDir]).toString().split("\t")[0]);
  options.log("backup: a second backup into the same directory");
  const second = await backup();
  const secondSummary = lastJsonLine<BackupSummary>(second.stdout);
  moveToTrash(copyDir, options.benchDir);
  const ratio = first.seconds / copySeconds;
  // The CLI's own start-up (tsx, modules) is a constant that dominates small archives.
  const workRatio = firstSummary.seconds / copySeconds;
  const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
  return {
    row: {
      scenario: "backup (CLI, online)",
      work: `${firstSummary.counts.emails.toLocaleString("en-US")} emails, ${firstSummary.counts.blobs.toLocaleString("en-US")} blobs`,
      throughput: `${first.seconds.toFixed(1)} s (${mb(backupBytes)} written)`,
      peakRss: `CLI ${first.peakRssMb.toFixed(0)} MB`,
      baseline: `cp -a of store + cluster ${copySeconds.toFixed(1)} s (${mb(copyBytes)})`,
      ratio: `${formatRatio(ratio)} time (${formatRatio(workRatio)} without the CLI's start-up)`,
      target: "within 5x of cp without the start-up, RSS < 300 MB",
      pass: workRatio <= 5 && first.peakRssMb < 300,
    },
    note:
      `Backup: the first run copied ${firstSummary.counts.blobsCopied} blobs (${mb(firstSummary.counts.blobBytesCopied)}) in ${first.seconds.toFixed(1)} s of which ` +
      `${firstSummary.seconds.toFixed(1)} s inside the CLI (the rest is its start-up); a second backup into the same directory copied ` +
      `${secondSummary.counts.blobsCopied} blobs in ${second.seconds.toFixed(1)} s.`,
  };
}
