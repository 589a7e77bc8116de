/**
 * Compression codecs compared on what the sealed store compresses (docs/operations.md, "Storage
 * encryption"): each message of a storage-corpus mbox as its skeleton (its base64 attachment taken
 * out) and each distinct attachment once, each compressed on its own, kept uncompressed under 3 % of
 * saving. zstd with a dictionary trained by the `zstd` command on half of the message texts, measured
 * on the other half. Not part of the project's dependencies; run it as:
 *
 *   npx tsx scripts/bench/generate-mbox.ts --storage --messages 1000 --out storage-1000.mbox
 *   mkdir /tmp/zstd && npm install --prefix /tmp/zstd @toondepauw/node-zstd
 *   NODE_PATH=/tmp/zstd/node_modules node scripts/bench/compare-compression.mjs <mbox>
 */
import { readFileSync, writeFileSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { createHash } from "node:crypto";
// Not a dependency of the project: found through NODE_PATH.
const zstd = createRequire(import.meta.url)("@toondepauw/node-zstd");
const mbox = readFileSync(process.argv[2], "latin1");
const messages = mbox
  .split(/^From storage-\d+@bench\.example .*\n/m)
  .filter(Boolean)
  .map((m) => Buffer.from(m.replace(/\n$/, ""), "latin1"));
// What the store compresses: the skeleton (message without its base64 attachment run) and each distinct attachment once.
const items = [];
const seen = new Set();
for (const raw of messages) {
  const text = raw.toString("latin1");
  const m = text.match(/Content-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/);
  if (!m) {
    items.push({ kind: "text", bytes: raw });
    continue;
  }
  items.push({ kind: "text", bytes: Buffer.from(text.replace(m[1], ""), "latin1") });
  const att = Buffer.from(m[1].replace(/\r\n/g, ""), "base64");
  const h = createHash("sha256").update(att).digest("hex");
  if (!seen.has(h)) {
    seen.add(h);
    items.push({ kind: "attachment", bytes: att });
  }
}
const texts = items.filter((i) => i.kind === "text");
const train = texts.filter((_, n) => n % 2 === 0),
  test = items.filter((i) => i.kind !== "text" || texts.indexOf(i) % 2 === 1);
rmSync("/tmp/zstd-train", { recursive: true, force: true });
mkdirSync("/tmp/zstd-train");
train.forEach((t, n) => writeFileSync(`/tmp/zstd-train/${n}`, t.bytes));
execFileSync("zstd", ["--train", "-r", "/tmp/zstd-train", "-o", "/tmp/zstd.dict", "--maxdict=112640", "-q"]);
const dict = readFileSync("/tmp/zstd.dict");
const keep = (plain, c) => (c.length < plain.length * 0.97 ? c.length : plain.length);
const codecs = {
  "brotli q4": [
    (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: b.length } }),
    (c) => brotliDecompressSync(c),
  ],
  "brotli q6": [
    (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: b.length } }),
    (c) => brotliDecompressSync(c),
  ],
};
for (const level of [3, 9]) {
  const e = new zstd.Encoder(level),
    d = new zstd.Decoder();
  codecs[`zstd ${level}`] = [(b) => e.encodeSync(b), (c) => d.decodeSync(c)];
  const ed = new zstd.Encoder(level, dict),
    dd = new zstd.Decoder(dict);
  codecs[`zstd ${level} + dictionary`] = [(b) => ed.encodeSync(b), (c) => dd.decodeSync(c)];
}
const input = test.reduce((s, i) => s + i.bytes.length, 0);
const textInput = test.filter((i) => i.kind === "text").reduce((s, i) => s + i.bytes.length, 0);
console.log(
  `${messages.length} messages; measured on ${test.length} blobs (${test.filter((i) => i.kind === "text").length} message texts not used for training, ${seen.size} attachments), ${input} bytes, texts ${textInput} bytes; dictionary ${dict.length} bytes from ${train.length} texts`,
);
for (const [name, [c, d]] of Object.entries(codecs)) {
  for (let round = 0; round < 2; round++) {
    let out = 0,
      textOut = 0,
      ct = 0,
      dt = 0;
    for (const item of test) {
      let t = performance.now();
      const z = c(item.bytes);
      ct += performance.now() - t;
      t = performance.now();
      const back = d(z);
      dt += performance.now() - t;
      if (!back.equals(item.bytes)) throw new Error("mismatch");
      const k = keep(item.bytes, z);
      out += k;
      if (item.kind === "text") textOut += k;
    }
    if (round === 1)
      console.log(
        `${name.padEnd(22)} all ${(input / out).toFixed(3)}:1  texts ${(textInput / textOut).toFixed(3)}:1  compress ${(input / 1048576 / (ct / 1000)).toFixed(0)} MB/s  decompress ${(input / 1048576 / (dt / 1000)).toFixed(0)} MB/s`,
      );
  }
}
