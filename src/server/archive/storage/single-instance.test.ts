import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildMessage } from "@tests/helpers/mail";
import { buildSkeleton, rebuildMessage, skeletonReferences } from "./single-instance";

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
