import { createHash } from "node:crypto";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { replaceScaleSection } from "../../scripts/bench/benchmarks-doc";
import { corpusMboxEntries } from "../../scripts/bench/corpus";
import { readMboxMessages } from "../../src/server/capture/ingestion/readers/mbox-reader";
import { benchQueries } from "../../scripts/bench/queries";
import { markdownTable, type ResultRow } from "../../scripts/bench/report";
import { percentile, summarizeLatencies } from "../../scripts/bench/stats";
import { MALFORMED_EVERY, people, Random, syntheticMessage } from "../../scripts/bench/synthetic-mail";

async function corpusDigest(seed: number, messages: number) {
  const hash = createHash("sha256");
  const entries: Buffer[] = [];
  for await (const entry of corpusMboxEntries({ seed, messages })) {
    hash.update(entry);
    entries.push(entry);
  }
  return { digest: hash.digest("hex"), entries };
}

describe("percentiles", () => {
  it("uses the nearest rank", () => {
    const samples = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 95)).toBe(95);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile(samples, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it("sorts the samples numerically before ranking", () => {
    expect(summarizeLatencies([10, 9, 100, 1, 2, 3, 4, 5, 6, 7, 8])).toEqual({ count: 11, p50: 6, p95: 100, p99: 100 });
  });
});

describe("synthetic corpus", () => {
  it("is byte-for-byte the same for a seed and differs for another", async () => {
    const first = await corpusDigest(42, 40);
    const again = await corpusDigest(42, 40);
    const other = await corpusDigest(43, 40);
    expect(again.digest).toBe(first.digest);
    expect(other.digest).not.toBe(first.digest);
  }, 120_000);

  it("has real PDF and DOCX attachments, non-ASCII headers and threads", async () => {
    const { entries } = await corpusDigest(42, 120);
    const parsed = await Promise.all(entries.map((entry) => simpleParser(entry.subarray(entry.indexOf("\n") + 1))));
    const attachments = parsed.flatMap((mail) => mail.attachments);
    const pdf = attachments.find((attachment) => attachment.contentType === "application/pdf");
    const docx = attachments.find((attachment) => attachment.filename?.endsWith(".docx"));
    expect(pdf?.content.subarray(0, 5).toString()).toBe("%PDF-");
    expect(docx?.content.includes(Buffer.from("word/document.xml"))).toBe(true);
    expect(parsed.some((mail) => /[^\x00-\x7f]/.test(mail.subject ?? ""))).toBe(true);
    expect(parsed.some((mail) => mail.inReplyTo !== undefined)).toBe(true);
  }, 120_000);

  it("reads back as one mbox item per message, malformed ones included", async () => {
    async function* entries() {
      yield* corpusMboxEntries({ seed: 42, messages: MALFORMED_EVERY + 2 });
    }
    let items = 0;
    for await (const _item of readMboxMessages(entries())) items++;
    expect(items).toBe(MALFORMED_EVERY + 2);
  }, 120_000);

  it("makes every MALFORMED_EVERY-th message malformed, in three different ways", () => {
    const random = new Random(1);
    const population = people(10, random);
    const malformed = [1, 2, 3].map((k) => syntheticMessage({ index: k * MALFORMED_EVERY, random, population }).toString("latin1"));
    const regular = syntheticMessage({ index: MALFORMED_EVERY + 1, random, population }).toString("latin1");
    for (const message of malformed) expect(message).not.toMatch(/^From: /m);
    expect(new Set(malformed.map((message) => message.split("\r\n")[1].slice(0, 12))).size).toBe(3);
    expect(regular).toMatch(/^From: /);
  });
});

describe("report", () => {
  const row: ResultRow = {
    scenario: "s",
    work: "w",
    throughput: "1 x/s",
    p50: 1.5,
    peakRss: "a 1 MB",
    baseline: "b",
    ratio: "2x",
    target: "t | u",
    pass: false,
  };

  it("escapes pipes and marks failures", () => {
    expect(markdownTable([row]).split("\n")[2]).toBe("| s | w | 1 x/s | 1.5 |  |  | a 1 MB | b | 2x | t \\| u | FAIL |");
  });

  it("replaces only the section of its scale", () => {
    const once = replaceScaleSection("# Benchmarks\n\nprose\n", "100k", "first");
    const twice = replaceScaleSection(replaceScaleSection(once, "1m", "big"), "100k", "second");
    expect(twice).toBe(
      "# Benchmarks\n\nprose\n\n<!-- bench:100k:start -->\nsecond\n<!-- bench:100k:end -->\n\n<!-- bench:1m:start -->\nbig\n<!-- bench:1m:end -->\n",
    );
  });

  it("builds deterministic 2-3 word queries, half of them filtered", () => {
    const queries = benchQueries(8, 7, "source");
    expect(benchQueries(8, 7, "source")).toEqual(queries);
    expect(queries.every((query) => [2, 3].includes(query.query.split(" ").length))).toBe(true);
    expect(queries.filter((query) => query.filters).length).toBe(4);
  });
});
