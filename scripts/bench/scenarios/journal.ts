import { writeFile } from "node:fs/promises";
import { openSmtpSession } from "@tests/helpers/smtp-client";
import { systemActor } from "../../../src/server/audit/append-audit-entry";
import { createSource } from "../../../src/server/capture/create-source";
import { startJournalListener } from "../../../src/server/capture/journal/journal-listener";
import { journalTlsCredentials } from "../../../src/server/capture/journal/journal-tls";
import { summarizeLatencies, type LatencySummary } from "../stats";
import { machineBusyMs, postgresCpuReader } from "../cpu";

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
