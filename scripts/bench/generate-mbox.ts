/**
 * `tsx scripts/bench/generate-mbox.ts --out <file> (--mb <size> | --messages <n>) [--seed <n>]`:
 * writes a deterministic synthetic mbox (mboxrd quoting) of about the given size, streaming.
 */
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { parseArgs } from "node:util";
import { people, Random, syntheticMessage } from "./synthetic-mail";

const { values } = parseArgs({ options: { out: { type: "string" }, mb: { type: "string" }, messages: { type: "string" }, seed: { type: "string" } } });
if (!values.out || (!values.mb && !values.messages)) {
  console.error("usage: tsx scripts/bench/generate-mbox.ts --out <file> (--mb <size> | --messages <n>) [--seed <n>]");
  process.exit(2);
}
const limitBytes = values.mb ? Number(values.mb) * 1024 * 1024 : Infinity;
const limitMessages = values.messages ? Number(values.messages) : Infinity;
const random = new Random(Number(values.seed ?? 42));
const population = people(2000, random);
const out = createWriteStream(values.out);
let written = 0;
let index = 0;
while (written < limitBytes && index < limitMessages) {
  const message = syntheticMessage({ index, random, population }).toString("latin1").replace(/^(>*From )/gm, ">$1");
  const chunk = Buffer.from(`From synthetic-${index}@bench.example Mon Jan  1 00:00:00 2024\n${message}\n`, "latin1");
  written += chunk.length;
  index++;
  if (!out.write(chunk)) await once(out, "drain");
}
out.end();
await once(out, "finish");
console.error(`wrote ${index} messages, ${(written / 1048576).toFixed(1)} MB to ${values.out}`);
