import { runProcess, type ProcessResult } from "./run-process";

/** The CLI's launcher, as `npm run archive` starts it: the bundle, rebuilt first when a source changed. */
export const ARCHIVE_LAUNCHER = "scripts/cli/archive-launcher.mjs";

/** Runs `npm run archive -- <args>` (without npm) with the test's environment, `env` overriding. */
export const runArchiveCli = (args: string[], env: Record<string, string> = {}): Promise<ProcessResult> =>
  runProcess(process.execPath, [ARCHIVE_LAUNCHER, ...args], env);
