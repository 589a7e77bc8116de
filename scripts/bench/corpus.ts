/** Writes the deterministic synthetic corpus as one mbox (mboxrd quoting), streaming. */

/** Part of cached corpus file names: bump it when the corpus bytes change. */
export const CORPUS_VERSION = 2;
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { buildAttachmentPool } from "./attachment-pool";
import { people, Random, syntheticMessage } from "./synthetic-mail";

export interface CorpusStats {
  messages: number;
  bytes: number;
  largestMessageBytes: number;
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
    const message = syntheticMessage({ index, random, population, pool })
      .toString("latin1")
      .replace(/^(>*From )/gm, ">$1");
    // A blank line before the next From_ line, also after a malformed message without a final line end.
    const ending = message.endsWith("\n") ? "\n" : "\r\n\n";
    const entry = Buffer.from(`From synthetic-${index}@bench.example Mon Jan  1 00:00:00 2024\n${message}${ending}`, "latin1");
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
