import { readdirSync, readFileSync } from "node:fs";
import { pgPool } from "../../src/server/platform/db/pg-pool";

/** CPU time the whole machine has spent busy (all cores, every process), in ms, from /proc/stat. */
export function machineBusyMs(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
    .split("\n")[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  // /proc/stat counts in USER_HZ ticks, 100 per second on Linux.
  return (user + nice + system + irq + softirq + steal) * 10;
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), or null when the process is gone. */
function procStat(pid: string): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/**
 * CPU time (ms) of the PostgreSQL server the pool connects to: its postmaster, with the children it
 * has reaped, and every live child (backends, WAL writer, checkpointer, autovacuum). A backend that
 * ends between two readings moves from the live sum into the postmaster's reaped time, so a
 * difference of two readings is exact.
 */
export async function postgresCpuReader(): Promise<() => number> {
  const { rows } = await pgPool().query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  const postmaster = procStat(String(rows[0].pid))?.[1];
  if (postmaster === undefined) return () => NaN;
  // Fields after the name: state, ppid, ..., utime (11), stime (12), cutime (13), cstime (14), in 100 Hz ticks.
  const ticks = (fields: string[], from: number, to: number) => fields.slice(from, to + 1).reduce((sum, field) => sum + Number(field), 0);
  return () => {
    let total = ticks(procStat(postmaster) ?? [], 11, 14);
    for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
      const fields = procStat(pid);
      if (fields?.[1] === postmaster) total += ticks(fields, 11, 12);
    }
    return total * 10;
  };
}

/** This process's CPU time (user + system) in ms. */
export function processCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
