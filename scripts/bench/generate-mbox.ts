/**
 * `tsx scripts/bench/generate-mbox.ts --out <file> (--mb <size> | --messages <n>) [--seed <n>] [--storage]`:
 * writes the deterministic synthetic corpus (see synthetic-mail.ts) as an mbox of about the given size;
 * `--storage`: the storage scenario's corpus instead (storage-corpus.ts; --messages only).
 */
import { parseArgs } from "node:util";
import { writeCorpusMbox } from "./corpus";
import { writeStorageCorpusMbox } from "./storage-corpus";

const { values } = parseArgs({
  options: {
    out: { type: "string" },
    mb: { type: "string" },
    messages: { type: "string" },
    seed: { type: "string" },
    storage: { type: "boolean" },
  },
});
if (!values.out || (!values.mb && !values.messages)) {
  console.error("usage: tsx scripts/bench/generate-mbox.ts --out <file> (--mb <size> | --messages <n>) [--seed <n>]");
  process.exit(2);
}
if (values.storage) {
  if (!values.messages) throw new Error("--storage needs --messages");
  const stats = await writeStorageCorpusMbox({ out: values.out, seed: Number(values.seed ?? 42), messages: Number(values.messages) });
  console.error(`wrote ${JSON.stringify(stats)} to ${values.out}`);
  process.exit(0);
}
const stats = await writeCorpusMbox({
  out: values.out,
  seed: Number(values.seed ?? 42),
  messages: values.messages ? Number(values.messages) : undefined,
  bytes: values.mb ? Number(values.mb) * 1024 * 1024 : undefined,
});
console.error(`wrote ${stats.messages} messages, ${(stats.bytes / 1048576).toFixed(1)} MB to ${values.out}`);
