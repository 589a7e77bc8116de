/** Writes the deterministic synthetic corpus as one mbox (mboxrd quoting), streaming. */

/** Part of cached corpus file names: bump it when the corpus bytes change. */
export const CORPUS_VERSION = 2;
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { buildAttachmentPool } from "./attachment-pool";
import { people, Random, syntheticMessage, textWords } from "./synthetic-mail";

export interface CorpusStats {
  messages: number;
  bytes: number;
  largestMessageBytes: number;
}

/** One mbox entry (From_ line, mboxrd-quoted message, blank line) for message `index`. */
function mboxEntry(index: number, raw: Buffer): Buffer {
  const message = raw.toString("latin1").replace(/^(>*From )/gm, ">$1");
  // A blank line before the next From_ line, also after a malformed message without a final line end.
  const ending = message.endsWith("\n") ? "\n" : "\r\n\n";
  return Buffer.from(`From synthetic-${index}@bench.example Mon Jan  1 00:00:00 2024\n${message}${ending}`, "latin1");
}

/**
 * The small-message variant of the ingest scenario: plain-text mail of 1-4 KB (a short note, a
 * reply), no attachments, the kind of mailbox where per-message costs dominate.
 */
export function smallMessage(index: number, random: Random, population: { name: string; email: string }[]): Buffer {
  const from = random.pick(population);
  const to = random.pick(population);
  const lines = Array.from({ length: 10 + random.int(40) }, () => textWords(random, 6 + random.int(8)));
  return Buffer.from(
    [
      `From: ${from.name.replace(/[^\x20-\x7e]/g, "")} <${from.email}>`,
      `To: <${to.email}>`,
      `Subject: ${textWords(random, 3 + random.int(4), true)} #${index}`,
      `Date: ${new Date(Date.UTC(2020, 0, 1) + index * 61_000).toUTCString().replace("GMT", "+0000")}`,
      `Message-ID: <small-${index}@bench.example>`,
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: 8bit",
      "",
      ...lines,
      "",
    ].join("\r\n"),
  );
}

export async function writeSmallCorpusMbox(options: { out: string; seed: number; messages: number }): Promise<void> {
  const random = new Random(options.seed);
  const population = people(2000, random);
  const out = createWriteStream(options.out);
  for (let index = 0; index < options.messages; index++)
    if (!out.write(mboxEntry(index, smallMessage(index, random, population)))) await once(out, "drain");
  out.end();
  await once(out, "finish");
}

/** The corpus messages in order, each as one mbox entry (From_ line, quoted body, blank line). */
export async function* corpusMboxEntries(options: { seed: number; messages?: number; bytes?: number }): AsyncGenerator<Buffer> {
  const random = new Random(options.seed);
  const population = people(2000, random);
  const pool = await buildAttachmentPool(options.seed);
  const limitMessages = options.messages ?? Infinity;
  const limitBytes = options.bytes ?? Infinity;
  let written = 0;
  for (let index = 0; index < limitMessages && written < limitBytes; index++) {
    const entry = mboxEntry(index, syntheticMessage({ index, random, population, pool }));
    written += entry.length;
    yield entry;
  }
}

export async function writeCorpusMbox(options: { out: string; seed: number; messages?: number; bytes?: number }): Promise<CorpusStats> {
  const out = createWriteStream(options.out);
  const stats: CorpusStats = { messages: 0, bytes: 0, largestMessageBytes: 0 };
  for await (const entry of corpusMboxEntries(options)) {
    stats.messages++;
    stats.bytes += entry.length;
    stats.largestMessageBytes = Math.max(stats.largestMessageBytes, entry.length);
    if (!out.write(entry)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return stats;
}
