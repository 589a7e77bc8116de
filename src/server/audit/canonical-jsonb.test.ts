import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { ByteSink } from "./byte-sink";
import { canonicalJson } from "./canonical-json";
import { JsonbCanonicalizer } from "./canonical-jsonb";

const canonicalizer = new JsonbCanonicalizer();
const sink = new ByteSink(16);

function canonical(text: string): string {
  const bytes = Buffer.from(`xx${text}yy`); // not at offset 0, and followed by other bytes
  sink.length = 0;
  sink.pushAscii("<");
  canonicalizer.write(bytes, 2, bytes.length - 2, sink);
  return Buffer.from(sink.bytes()).toString().slice(1);
}

const expected = (text: string) => canonicalJson(JSON.parse(text) ?? {});

/** Writes a JSON value as text the way jsonb_out does, or in other valid ways (spacing, number forms). */
function jsonText(value: unknown, random: () => number, jsonbStyle: boolean): string {
  if (typeof value === "number") {
    const plain = expandExponent(JSON.stringify(value));
    if (jsonbStyle) return plain;
    const choice = random();
    if (choice < 0.3) return JSON.stringify(value).toUpperCase();
    return choice < 0.6 && plain.includes(".") ? `${plain}0` : plain;
  }
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const space = jsonbStyle ? " " : random() < 0.5 ? "" : " \n";
  if (Array.isArray(value)) return `[${value.map((item) => jsonText(item, random, jsonbStyle)).join(`,${space}`)}]`;
  const keys = Object.keys(value);
  // jsonb orders keys by length, then bytes; otherwise shuffle.
  if (jsonbStyle) keys.sort((a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)));
  else keys.sort(() => random() - 0.5);
  const record = value as Record<string, unknown>;
  return `{${keys.map((key) => `${JSON.stringify(key)}:${space}${jsonText(record[key], random, jsonbStyle)}`).join(`,${space}`)}}`;
}

/** numeric_out never writes an exponent: 1e+21 is 1000000000000000000000, 1e-7 is 0.0000001. */
function expandExponent(text: string): string {
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, head, tail = "", exponentText] = match;
  const digits = head + tail;
  const point = 1 + Number(exponentText);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

describe("JsonbCanonicalizer", () => {
  it("sorts keys at every depth and drops jsonb's spaces", () => {
    const text = '{"page": 1, "limit": 20, "query": {"query": "budget review", "filters": {}, "matchingStrategy": "last"}, "total": 5}';
    expect(canonical(text)).toBe(
      '{"limit":20,"page":1,"query":{"filters":{},"matchingStrategy":"last","query":"budget review"},"total":5}',
    );
    expect(canonical('[{"b": [], "a": [1, {"d": 1, "c": 2}]}, "x"]')).toBe('[{"a":[1,{"c":2,"d":1}],"b":[]},"x"]');
  });

  it("writes numbers as JavaScript does", () => {
    expect(canonical("[1.50, 1000000000000000000000, 0.0000001, -0, 0, -12, 9007199254740993, 123456789012345678, 1e400]")).toBe(
      "[1.5,1e+21,1e-7,0,0,-12,9007199254740992,123456789012345680,null]",
    );
  });

  it("keeps strings exactly as JSON.stringify writes them", () => {
    const text = JSON.stringify({ text: 'quote " backslash \\ newline \n tab \t control \u0001 \u001f del \u007f é 😀 \u2028' });
    expect(canonical(text)).toBe(expected(text));
  });

  it("leaves what the fast path does not cover to JSON.parse, with the same result", () => {
    for (const text of [
      '{"é": 1, "e": 2}',
      '{"\\n": 1, "a": 2}',
      '{"\\"": 1, "!": 2}',
      '{"\uFF21": 1, "\u{1F600}": 2, "B": 3}',
      '["\\u00e9", "\\/", "\\u0008", "\\u001F"]',
      '{"a": 1, "a": 2}',
      '{"b": 1, "a": 2, "b": 3}',
      `${"[".repeat(100)}1${"]".repeat(100)}`,
      " [1 , 2 ] ",
    ]) {
      expect(canonical(text), text).toBe(expected(text));
    }
  });

  it("needs no JSON.parse for the details the service writes", () => {
    const parse = vi.spyOn(JSON, "parse");
    try {
      canonical('{"page": 1, "limit": 20, "query": {"query": "\\"exact\\" phrase\\n", "filters": {"from": "a@b.c"}}, "total": 5}');
      canonical('{"name": "Q3 litigation", "reason": null, "isActive": true, "ids": [1, 2.5, -3]}');
      canonical('{"note": "ünïcødé ✓ 😀", "emailId": "e-1"}');
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it("hashes a null, as the recipe does, like an empty object", () => {
    expect(canonical("null")).toBe("{}");
    expect(canonical('"text"')).toBe('"text"');
    expect(canonical("[null]")).toBe("[null]");
  });

  it("fails on malformed text as JSON.parse does", () => {
    for (const text of ["", "{", '{"a" 1}', "[1,]", "01", "tru", '"open']) expect(() => canonical(text), text).toThrow(SyntaxError);
  });

  it("agrees with canonicalJson(JSON.parse()) on any JSON text, jsonb's or not", () => {
    const anyText = fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }));
    const json = fc.oneof(fc.jsonValue({ maxDepth: 5 }), fc.dictionary(anyText, fc.jsonValue({ maxDepth: 3 })));
    fc.assert(
      fc.property(json, fc.boolean(), fc.integer(), (value, jsonbStyle, seed) => {
        let state = seed;
        const random = () => ((state = (state * 1103515245 + 12345) | 0) >>> 0) / 2 ** 32;
        const text = jsonText(value, random, jsonbStyle);
        expect(canonical(text)).toBe(expected(text));
      }),
      { numRuns: 2000 },
    );
  });
});
