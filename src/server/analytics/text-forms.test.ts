import { describe, expect, it } from "vitest";
import { normalisedText } from "./conversation-text";
import { bandingFor, bandKeys, jaccard, minHashSignature, shingleSet } from "./near-duplicate-signature";

/**
 * The hand-tuned text forms of the analysis (table-driven normalisation, shingles through a reused
 * hash table) against their plain definitions, on texts with what breaks such code: combining
 * marks, compatibility forms, letters outside the basic plane, lone surrogates, long repeats.
 */

const plainNormalised = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

function plainShingles(text: string): number[] {
  const points = Array.from(text, (char) => char.codePointAt(0)!);
  if (points.length === 0) return [];
  const hashes = new Set<number>();
  for (let start = 0; start < Math.max(1, points.length - 4); start++) {
    let hash = 0x811c9dc5;
    for (const point of points.slice(start, start + 5)) hash = Math.imul(hash ^ point, 0x01000193);
    hashes.add(hash >>> 0);
  }
  return [...hashes].sort((left, right) => left - right);
}

const TRICKY = [
  "",
  "   ...  ",
  "Re: Hello, World! — ok?",
  "Cafe\u0301 ＦＵＬＬ　ｗｉｄｔｈ ① ² ﬁne",
  "İstanbul ΣΊΣΥΦΟΣ straße Ǆemal",
  "𝐁𝐨𝐥𝐝 math letters and 😀 emoji 😀",
  "𠀀𠀁 letters of Extension B 𠀂",
  "lone \ud800 high and \udc00 low surrogates\ud800",
  "田中様、いつもお世話になっております。",
  "> quoted\n>> twice\r\n\ttabbed",
  "ab".repeat(5_000),
  "the contract is attached; please review clause 4 before Friday. ".repeat(200),
];

describe("normalisedText", () => {
  it.each(TRICKY.map((text) => [JSON.stringify(text).slice(0, 40), text]))("%s is the plain definition's", (_, text) => {
    expect(normalisedText(text)).toBe(plainNormalised(text));
  });
});

describe("shingleSet", () => {
  it("is the sorted distinct FNV-1a hashes of every run of 5 code points, call after call", () => {
    // Each call reuses the last one's buffers: a long text, a short one, a long one again.
    for (const text of [...TRICKY, ...TRICKY.slice().reverse()]) {
      const normalised = normalisedText(text);
      expect([...shingleSet(normalised)]).toEqual(plainShingles(normalised));
      expect([...shingleSet(text)]).toEqual(plainShingles(text));
    }
  });

  it("gives identical texts a Jaccard index of 1 and a shared band", () => {
    const text = normalisedText(TRICKY[10]);
    const [left, right] = [shingleSet(text), shingleSet(`${text}`)];
    expect(jaccard(left, right)).toBe(1);
    const banding = bandingFor(0.8);
    expect(bandKeys(minHashSignature(left), banding)).toEqual(bandKeys(minHashSignature(right), banding));
  });
});

describe("bandingFor", () => {
  it.each([
    [0.5, 30, 2],
    [0.65, 30, 2],
    [0.7, 20, 3],
    [0.75, 20, 3],
    [0.8, 15, 4],
    [0.85, 12, 5],
    [1, 12, 5],
  ])("at %s: %i bands of %i, a pair at the threshold sharing one with probability >= 0.999", (threshold, bands, rows) => {
    expect(bandingFor(threshold)).toEqual({ bands, rows });
    expect(1 - (1 - threshold ** rows) ** bands).toBeGreaterThanOrEqual(0.999);
  });
});
