import { readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { openSmtpSession } from "@tests/helpers/smtp-client";
import { systemActor } from "../../../src/server/audit/append-audit-entry";
import { pgPool } from "../../../src/server/platform/db/pg-pool";
import { createSource } from "../../../src/server/capture/create-source";
import { startJournalListener } from "../../../src/server/capture/journal/journal-listener";
import { journalTlsCredentials } from "../../../src/server/capture/journal/journal-tls";
import { summarizeLatencies, type LatencySummary } from "../stats";

const JOURNAL = "journal@bench.example";
const MESSAGE_BYTES = 20 * 1024;

/** A ~20 KB plain-text message, unique by its index. */
function journalMessage(index: number): Buffer {
  const head = [
    `From: Sender ${index % 97} <sender${index % 97}@bench.example>`,
    `To: recipient${index % 89}@bench.example`,
    `Subject: Journal bench ${index}`,
    `Date: Tue, 24 Nov 2026 10:${String(index % 60).padStart(2, "0")}:00 +0000`,
    `Message-ID: <journal-bench-${index}@bench.example>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "",
  ].join("\r\n");
  const line = `Journal bench message ${index}: quarterly figures, minutes and follow-ups.\r\n`;
  return Buffer.from(head + line.repeat(Math.ceil((MESSAGE_BYTES - head.length) / line.length)));
}

/** CPU time the whole machine has spent busy (all cores, every process), in ms, from /proc/stat. */
function machineBusyMs(): number {
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
async function postgresCpuReader(): Promise<() => number> {
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

/**
 * docs/benchmarks.md, "journal": `messages` 20 KB messages over `connections` concurrent SMTP
 * connections to the listener, each carrying one transaction after the other (as an MTA that caches
 * its connections to a busy next hop, Postfix's connection cache), timing each until its 250;
 * writes the same messages as an mbox for the CLI baseline.
 */
export async function journalScenario(params: { messages: number; connections: number; mbox: string }): Promise<{
  messages: number;
  seconds: number;
  perSecond: number;
  latency: LatencySummary;
  failed: number;
  cpuMsPerMessage: { machine: number; listenerProcess: number; listenerSystem: number; postgres: number };
}> {
  const messages = Array.from({ length: params.messages }, (_, index) => journalMessage(index));
  await writeFile(
    params.mbox,
    Buffer.concat(messages.flatMap((raw) => [Buffer.from("From MAILER-DAEMON Tue Nov 24 10:00:00 2026\n"), raw, Buffer.from("\n")])),
  );
  await createSource({
    actor: systemActor(),
    input: {
      name: "Bench journal",
      provider: "smtp-journal",
      config: { recipientAddress: JOURNAL, internalDomains: ["bench.example"], requireTls: false, exchangeReports: false },
    },
  });
  const listener = await startJournalListener({
    host: "127.0.0.1",
    port: 0,
    maxBytes: 50 * 1024 * 1024,
    tls: await journalTlsCredentials(),
    // Every bench connection comes from 127.0.0.1: the per-client bound would refuse past 20.
    maxConnectionsPerClient: params.connections,
    maxConnections: Math.max(100, params.connections),
  });
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const postgresCpuMs = await postgresCpuReader();
  const postgresBefore = postgresCpuMs();
  const busyBefore = machineBusyMs();
  const processBefore = process.cpuUsage();
  const started = performance.now();
  const worker = async () => {
    const session = await openSmtpSession({ port: listener.port });
    try {
      for (let index = next++; index < messages.length; index = next++) {
        const sent = performance.now();
        const result = await session.send({ from: "sender@bench.example", to: ["recipient@bench.example", JOURNAL], raw: messages[index] });
        if (result.code === 250) latencies.push(performance.now() - sent);
        else failed += 1;
      }
    } finally {
      session.close();
    }
  };
  await Promise.all(Array.from({ length: params.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  const processCpu = process.cpuUsage(processBefore);
  const cpuMsPerMessage = {
    machine: (machineBusyMs() - busyBefore) / params.messages,
    listenerProcess: (processCpu.user + processCpu.system) / 1000 / params.messages,
    listenerSystem: processCpu.system / 1000 / params.messages,
    postgres: (postgresCpuMs() - postgresBefore) / params.messages,
  };
  await listener.close();
  return {
    messages: params.messages,
    seconds,
    perSecond: params.messages / seconds,
    latency: summarizeLatencies(latencies),
    failed,
    cpuMsPerMessage,
  };
}
