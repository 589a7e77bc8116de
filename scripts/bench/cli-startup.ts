import { execFileSync } from "node:child_process";
import type { ResultRow } from "./report";

const RUNS = 9;

/** The median wall time of `RUNS` runs of a command, in seconds (one run first, unmeasured, warms the page cache). */
function medianSeconds(command: string, args: string[], env: Record<string, string>): number {
  const run = () => {
    const started = process.hrtime.bigint();
    execFileSync(command, args, { env: { ...process.env, ...env }, stdio: "ignore" });
    return Number(process.hrtime.bigint() - started) / 1e9;
  };
  run();
  const times = Array.from({ length: RUNS }, run).sort((a, b) => a - b);
  return times[Math.floor(RUNS / 2)];
}

/**
 * The CLI's start-up: `npm run archive -- --help` as npm starts it (without npm's own start), against
 * Node starting with nothing to do in the same run. Target: at most 0.5 s.
 */
export function cliStartupRow(archive: { args: string[]; env: Record<string, string> }): ResultRow {
  const help = medianSeconds(process.execPath, [...archive.args, "--help"], archive.env);
  const bare = medianSeconds(process.execPath, ["-e", "0"], {});
  return {
    scenario: "CLI start-up (--help)",
    work: `median of ${RUNS} runs`,
    throughput: `${help.toFixed(3)} s`,
    peakRss: "",
    baseline: `node -e 0: ${bare.toFixed(3)} s`,
    ratio: `${(help / bare).toFixed(1)}x time`,
    target: "<= 0.5 s",
    pass: help <= 0.5,
  };
}
