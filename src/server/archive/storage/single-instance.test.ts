import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildMessage } from "@tests/helpers/mail";
import { inThreadWithRelease } from "@tests/helpers/thread-with-release";
import { AttachmentRunCache, buildSkeleton, rebuildMessage, skeletonReferences } from "./single-instance";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const part = (bytes: Buffer) => ({ hash: sha256(bytes), bytes });

function rebuild(skeleton: Buffer, parts: { hash: string; bytes: Buffer }[]): Buffer {
  const byHash = new Map(parts.map((p) => [p.hash, p.bytes]));
  return rebuildMessage(skeleton, (hash) => byHash.get(hash)!);
}

describe("single-instance attachments: message skeletons", () => {
  it("takes a repeated and an incompressible attachment out and rebuilds the message byte for byte", () => {
    const report = Buffer.from("quarterly figures\r\n".repeat(500));
    const noise = randomBytes(30_000);
    const raw = buildMessage({
      attachments: [
        { filename: "a.txt", content: report },
        { filename: "n.bin", content: noise },
        { filename: "again.txt", content: report },
      ],
    });
    const parts = [part(report), part(noise)];
    const skeleton = buildSkeleton(raw, parts)!;
    expect(skeleton).not.toBeNull();
    expect(skeleton.length).toBeLessThan(raw.length - (report.length + noise.length));
    expect(skeletonReferences(skeleton).sort()).toEqual([parts[0].hash, parts[0].hash, parts[1].hash].sort());
    expect(rebuild(skeleton, parts).equals(raw)).toBe(true);
  });

  it("finds bodies written with LF line ends and other line lengths", () => {
    const content = randomBytes(9000);
    const lines = content
      .toString("base64")
      .match(/.{1,64}/g)!
      .join("\n");
    const raw = Buffer.from(`Subject: lf\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n${lines}\n`);
    const skeleton = buildSkeleton(raw, [part(content)])!;
    expect(skeleton).not.toBeNull();
    expect(rebuild(skeleton, [part(content)]).equals(raw)).toBe(true);
  });

  it("stores the whole message when an attachment's encoding is not one it can rebuild (odd line length, small parts)", () => {
    const content = randomBytes(9000);
    const lines = content
      .toString("base64")
      .match(/.{1,57}/g)!
      .join("\r\n");
    const raw = Buffer.from(`Subject: odd\r\nContent-Transfer-Encoding: base64\r\n\r\n${lines}\r\n`);
    expect(buildSkeleton(raw, [part(content)])).toBeNull();
    const small = Buffer.from("tiny");
    expect(buildSkeleton(buildMessage({ attachments: [{ filename: "t.txt", content: small }] }), [part(small)])).toBeNull();
  });
});

/** The first implementation (every run wrapped whole, the message rebuilt to check): the oracle of the faster search. */
function referenceSkeletonPositions(raw: Buffer, attachments: { hash: string; bytes: Buffer }[]): string {
  const found: string[] = [];
  for (const attachment of attachments) {
    if (attachment.bytes.length < 2048) continue;
    for (const lineLength of [76, 72, 64]) {
      const matches = ["\r\n", "\n"].flatMap((lineEnd) => {
        const run = Buffer.from(
          attachment.bytes
            .toString("base64")
            .match(new RegExp(`.{1,${lineLength}}`, "g"))!
            .join(lineEnd),
          "latin1",
        );
        const positions: string[] = [];
        for (let at = raw.indexOf(run); at !== -1; at = raw.indexOf(run, at + run.length)) positions.push(`${at}+${run.length}`);
        return positions;
      });
      if (matches.length > 0) {
        found.push(...matches);
        break;
      }
    }
  }
  return found.sort((a, b) => Number(a.split("+")[0]) - Number(b.split("+")[0])).join(",");
}

describe("single-instance attachments: the run search", () => {
  it("finds exactly the runs the whole-run search finds, also next to near misses of the first line", () => {
    for (let round = 0; round < 40; round++) {
      const content = randomBytes(2048 + Math.floor(Math.random() * 20_000));
      const lineLength = [76, 72, 64, 60][round % 4];
      const lineEnd = round % 3 === 0 ? "\n" : "\r\n";
      const run = content
        .toString("base64")
        .match(new RegExp(`.{1,${lineLength}}`, "g"))!
        .join(lineEnd);
      // A near miss: the first lines right, then a changed character; a second copy; a truncated copy at the end.
      const nearMiss = run.slice(0, 300) + (run[300] === "A" ? "B" : "A") + run.slice(301);
      const parts = [`Subject: ${round}`, "", nearMiss, run, ...(round % 2 ? [run] : []), run.slice(0, run.length - 5)];
      const raw = Buffer.from(parts.join(lineEnd), "latin1");
      const skeleton = buildSkeleton(raw, [part(content)]);
      const expected = referenceSkeletonPositions(raw, [part(content)]);
      if (expected === "") expect(skeleton).toBeNull();
      else {
        expect(skeleton).not.toBeNull();
        expect(rebuild(skeleton!, [part(content)]).equals(raw)).toBe(true);
        expect(skeletonReferences(skeleton!).length).toBe(expected.split(",").length);
      }
    }
  });
});

describe("single-instance attachments: rebuilding many messages", () => {
  it("wraps every line length and end as the first implementation did, for every size of the last line", () => {
    for (let size = 2048; size < 2048 + 80; size++) {
      const content = randomBytes(size);
      for (const lineLength of [76, 72, 64]) {
        for (const lineEnd of ["\r\n", "\n"]) {
          const run = content
            .toString("base64")
            .match(new RegExp(`.{1,${lineLength}}`, "g"))!
            .join(lineEnd);
          const raw = Buffer.from(`Subject: ${size}${lineEnd}${lineEnd}${run}${lineEnd}`, "latin1");
          const skeleton = buildSkeleton(raw, [part(content)]);
          expect(skeleton).not.toBeNull();
          expect(rebuild(skeleton!, [part(content)]).equals(raw)).toBe(true);
        }
      }
    }
  });

  it("wraps an attachment of several encoding blocks as one run, into a given buffer, a buffer of its own or through the cache", () => {
    // 1,024 lines a block: sizes around one and two blocks' bytes at each line length, and a last line of every length.
    for (const lineLength of [76, 72, 64]) {
      const blockBytes = 1024 * ((lineLength / 4) * 3);
      for (const size of [blockBytes - 1, blockBytes, blockBytes + 1, blockBytes + 2, 2 * blockBytes + 5, 3 * blockBytes + 40]) {
        const content = randomBytes(size);
        for (const lineEnd of ["\r\n", "\n"]) {
          const run = content
            .toString("base64")
            .match(new RegExp(`.{1,${lineLength}}`, "g"))!
            .join(lineEnd);
          const raw = Buffer.from(`Subject: ${size}${lineEnd}${lineEnd}${run}${lineEnd}--end--${lineEnd}`, "latin1");
          const skeleton = buildSkeleton(raw, [part(content)])!;
          expect(skeleton).not.toBeNull();
          expect(rebuild(skeleton, [part(content)]).equals(raw)).toBe(true);
          const into = Buffer.alloc(raw.length + 100);
          const inPlace = rebuildMessage(skeleton, () => content, { into, runs: new AttachmentRunCache(0) });
          expect(inPlace.equals(raw)).toBe(true);
          expect(inPlace.buffer).toBe(into.buffer);
          expect(rebuildMessage(skeleton, () => content, { runs: new AttachmentRunCache(1 << 30) }).equals(raw)).toBe(true);
        }
      }
    }
  });

  it("rebuilds the same bytes on a thread that releases each attachment and every run pushed out of the cache", async () => {
    const result = await inThreadWithRelease<{ equal: boolean[]; given: number; released: boolean }>(`async (load) => {
      const { createHash, randomBytes } = require("node:crypto");
      const { buildMessage } = await load("tests/helpers/mail.ts");
      const { AttachmentRunCache, buildSkeleton, rebuildMessage } = await load("src/server/archive/storage/single-instance.ts");
      const part = (bytes) => ({ hash: createHash("sha256").update(bytes).digest("hex"), bytes });
      const parts = Array.from({ length: 6 }, () => part(randomBytes(30_000)));
      const attached = (indexes) => indexes.map((index) => ({ filename: "a" + index + ".bin", content: parts[index].bytes }));
      // Runs of about 41 KB in a cache of 170,000 bytes: keeping the first message's fifth run
      // pushes out its first, which that message still holds until it is rebuilt.
      const messages = [buildMessage({ attachments: attached([0, 1, 2, 3, 4]) }), buildMessage({ attachments: attached([5, 0]) })];
      const given = [];
      // Each read is a buffer of the rebuild's own, as a writer thread's reads are.
      const attachment = (hash) => given[given.push(Buffer.from(parts.find((p) => p.hash === hash).bytes)) - 1];
      const runs = new AttachmentRunCache(170_000);
      const into = Buffer.alloc(1 << 20);
      const equal = [0, 1, 0, 1].map((index) =>
        rebuildMessage(buildSkeleton(messages[index], parts), attachment, { runs, into, releaseAttachments: true }).equals(messages[index]));
      return { equal, given: given.length, released: given.every((bytes) => bytes.length === 0) };
    }`);
    expect(result.equal).toEqual([true, true, true, true]);
    expect(result.given).toBeGreaterThanOrEqual(7);
    expect(result.released).toBe(true);
  });

  it("reads a shared attachment once through the run cache, keeps it within its bound and rebuilds into a given buffer", () => {
    // Five attachments whose runs take about 41 KB each, and messages that share them.
    const contents = Array.from({ length: 5 }, () => randomBytes(30_000));
    const parts = contents.map(part);
    const byHash = new Map(parts.map((p) => [p.hash, p.bytes]));
    const messages = contents.map((content, index) =>
      buildMessage({ subject: `m${index}`, attachments: [{ filename: "a.bin", content }] }),
    );
    const reads: string[] = [];
    const attachment = (hash: string) => {
      reads.push(hash);
      return byHash.get(hash)!;
    };
    const rebuildAll = (order: number[], options: Parameters<typeof rebuildMessage>[2]) => {
      for (const index of order) {
        const message = rebuildMessage(buildSkeleton(messages[index], parts)!, attachment, options);
        expect(message.equals(messages[index])).toBe(true);
        if (options?.into) expect(message.buffer).toBe(options.into.buffer);
      }
    };
    const into = Buffer.alloc(1 << 20);
    // Room for four runs: the first two read once for five messages.
    rebuildAll([0, 1, 0, 1, 0], { runs: new AttachmentRunCache(170_000), into });
    expect(reads).toEqual([parts[0].hash, parts[1].hash]);
    // The fifth run pushes out the least recently used (the second), which is read again.
    reads.length = 0;
    const bounded = new AttachmentRunCache(170_000);
    rebuildAll([0, 1, 2, 3, 0, 4, 0, 1], { runs: bounded });
    expect(reads).toEqual([0, 1, 2, 3, 4, 1].map((index) => parts[index].hash));
    expect(bounded.size).toBeGreaterThan(120_000);
    expect(bounded.size).toBeLessThanOrEqual(170_000);
    // A kept run holds memory of its own, not a slice of Node's shared pool that its bound would not count.
    const tiny = randomBytes(2100);
    const pooled = new AttachmentRunCache(170_000);
    const tinyMessage = buildMessage({ attachments: [{ filename: "t.bin", content: tiny }] });
    const tinySkeleton = buildSkeleton(tinyMessage, [part(tiny)])!;
    const tinyAttachment = () => tiny;
    expect(rebuildMessage(tinySkeleton, tinyAttachment, { runs: pooled }).equals(tinyMessage)).toBe(true);
    expect(pooled.size).toBeLessThan(4096);
    const kept = pooled.cached({ hash: part(tiny).hash, lineLength: 76, lineEnd: 0, length: 0 })!;
    expect(kept.buffer.byteLength).toBe(kept.length);
    // Runs above a quarter of the bound are not kept.
    reads.length = 0;
    const small = new AttachmentRunCache(60_000);
    rebuildAll([0, 0], { runs: small });
    expect(reads.length).toBe(2);
    expect(small.size).toBe(0);
    // A message larger than the given buffer gets one of its own.
    const tooSmall = Buffer.alloc(100);
    expect(rebuildMessage(buildSkeleton(messages[0], parts)!, attachment, { into: tooSmall }).buffer).not.toBe(tooSmall.buffer);
  });
});
