import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * BENCH_CPU_PROF=<dir>: the Node flags that write a V8 CPU profile of a process there (open it in
 * Chrome's DevTools), given to each scenario process and to the HTTP server.
 */
export const cpuProfileArgs: string[] = process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_CPU_PROF] : [];

export interface MeasuredRun {
  stdout: string;
  stderr: string;
  seconds: number;
  peakRssMb: number;
  /** CPU time of the process (user + system), in seconds: steadier than `seconds` on a loaded machine. */
  cpuSeconds: number;
}

/**
 * Runs a command to completion under GNU time, whose maximum resident set size is the child's
 * peak RSS (the command is exec'd directly, so it is the process of interest itself).
 */
export async function runMeasured(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<MeasuredRun> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-time-"));
  const timeFile = path.join(dir, "time");
  const started = performance.now();
  const child = spawn("/usr/bin/time", ["-f", "%M %U %S", "-o", timeFile, command, ...args], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const seconds = (performance.now() - started) / 1000;
  const timeOutput = readFileSync(timeFile, "utf8").trim().split("\n");
  rmSync(dir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`${command} ${args.slice(0, 4).join(" ")} exited with ${code}:\n${stderr.slice(-3000)}`);
  const [maxRssKb, user, system] = timeOutput[timeOutput.length - 1].split(" ").map(Number);
  return { stdout, stderr, seconds, peakRssMb: maxRssKb / 1024, cpuSeconds: user + system };
}

/** The last JSON line a scenario printed. */
export function lastJsonLine<T>(stdout: string): T {
  const lines = stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1]) as T;
}

/** Peak RSS so far of a running process (VmHWM), in MB. */
export function peakRssOf(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** The process and its children (a clustered server's workers), each with its peak RSS so far in MB. */
export function peakRssOfTree(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  return [peakRssOf(pid), ...children.flatMap((child) => peakRssOfTree(child))];
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, in seconds) used so far by a running process and its descendants,
 * descendants that exited and were waited for included (a server's workers, PostgreSQL's backends).
 */
export function cpuSecondsOfTree(pid: number): number {
  // Fields after "pid (comm) ": utime, stime, cutime, cstime are the 12th to 15th.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8")
    .replace(/^.*\) /s, "")
    .split(" ");
  const own = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) / TICKS_PER_SECOND;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  return own + children.reduce((sum, child) => sum + cpuSecondsOfLiveChild(child), 0);
}

/** A child that exits while it is read counts nothing here: its time moves to its parent's cutime. */
function cpuSecondsOfLiveChild(pid: number): number {
  try {
    return cpuSecondsOfTree(pid);
  } catch {
    return 0;
  }
}
