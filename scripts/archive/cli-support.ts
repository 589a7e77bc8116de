import { Writable } from "node:stream";
import cliProgress from "cli-progress";

export class UsageError extends Error {}

export const log = (message: string) => console.error(`[archive] ${message}`);

/** Swallows what it is given; a bar drawing into it is never seen (it is not a terminal either). */
const nowhere = new Writable({ write: (_chunk, _encoding, done) => done() });

/**
 * A progress bar on stderr when `enabled` (a terminal, no --no-progress), else one that draws nothing.
 * cli-progress's `noTTYOutput: true` means "draw even without a terminal", which is why --no-progress
 * used to print the bar every ten seconds into redirected stderr: disabled now means drawing nowhere.
 */
export function progressBar(format: string, enabled: boolean): cliProgress.SingleBar {
  return new cliProgress.SingleBar(
    { format, stream: enabled ? process.stderr : nowhere, etaBuffer: 50, noTTYOutput: false },
    cliProgress.Presets.shades_classic,
  );
}
