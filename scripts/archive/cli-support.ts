import cliProgress from "cli-progress";

export class UsageError extends Error {}

export const log = (message: string) => console.error(`[archive] ${message}`);

/** A progress bar on stderr; without a terminal (or with --no-progress) it stays quiet. */
export function progressBar(format: string, enabled: boolean): cliProgress.SingleBar {
  return new cliProgress.SingleBar(
    { format, stream: process.stderr, etaBuffer: 50, noTTYOutput: !enabled, notTTYSchedule: 10_000 },
    cliProgress.Presets.shades_classic,
  );
}
