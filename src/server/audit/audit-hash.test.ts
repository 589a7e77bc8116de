import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { auditEntryCanonicalJson, auditEntryHash, type HashedAuditFields } from "./audit-hash";
import { canonicalJson } from "./canonical-json";

/** The recipe of docs/audit-log.md written as plainly as possible, to check the optimized code against. */
function referenceCanonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((item) => referenceCanonicalJson(item === undefined ? null : item)).join(",")}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${referenceCanonicalJson(record[key])}`)
    .join(",")}}`;
}

const knownEntry: HashedAuditFields = {
  previousHash: null,
  timestamp: "2024-01-02T03:04:05.678Z",
  actorIdentifier: "admin@example.com",
  actorIp: "203.0.113.7",
  actionType: "CREATE",
  targetType: "User",
  targetId: "6f1c2a7e-0000-4000-8000-000000000001",
  details: { z: 1, a: { y: [true, null, "é\n"], b: "x" } },
};

describe("canonicalJson", () => {
  it("sorts keys recursively, keeps array order and writes no whitespace", () => {
    expect(canonicalJson({ b: [3, { d: 1, c: 2 }], a: { y: null, x: "s" } })).toBe('{"a":{"x":"s","y":null},"b":[3,{"c":2,"d":1}]}');
  });

  it("sorts by UTF-16 code units, as Array.prototype.sort does", () => {
    // U+FF21 sorts before U+1F600 by code point but after it by UTF-16 code unit (0xD83D).
    expect(canonicalJson({ "\uFF21": 1, "\u{1F600}": 2, B: 3, a: 4, "": 5 })).toBe('{"":5,"B":3,"a":4,"😀":2,"Ａ":1}');
  });

  it("escapes strings as JSON.stringify does and leaves out undefined members", () => {
    expect(canonicalJson({ text: 'quote " backslash \\ newline \n tab \t nul \u0000', gone: undefined, list: [undefined, 1] })).toBe(
      '{"list":[null,1],"text":"quote \\" backslash \\\\ newline \\n tab \\t nul \\u0000"}',
    );
  });

  it("writes numbers, booleans and null as JSON.stringify does", () => {
    expect(canonicalJson([1, -0, 1.5, 1e21, 2 ** 53, true, false, null, Number.NaN])).toBe(
      "[1,0,1.5,1e+21,9007199254740992,true,false,null,null]",
    );
  });

  it("agrees with the plain recipe on any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(referenceCanonicalJson(value));
      }),
      { numRuns: 500 },
    );
  });
});

describe("auditEntryHash", () => {
  it("matches a known vector computed outside the code (sha256sum of the canonical text)", () => {
    expect(auditEntryCanonicalJson(knownEntry)).toBe(
      '{"actionType":"CREATE","actorIdentifier":"admin@example.com","actorIp":"203.0.113.7","details":{"a":{"b":"x","y":[true,null,"é\\n"]},"z":1},"previousHash":null,"targetId":"6f1c2a7e-0000-4000-8000-000000000001","targetType":"User","timestamp":"2024-01-02T03:04:05.678Z"}',
    );
    expect(auditEntryHash(knownEntry)).toBe("b3eae121b668e18161ffd41ed0c21934a659735d1691b862a1cfe51bf64b172c");
    expect(
      auditEntryHash({
        previousHash: "0".repeat(64),
        timestamp: "1999-12-31T23:59:59.999Z",
        actorIdentifier: "a@b.c",
        actorIp: "::1",
        actionType: "LOGIN",
        targetType: "User",
        targetId: "x",
        details: {},
      }),
    ).toBe("7a861593963616b0533b2363f4b9f5c7651044cddd61bcbdd9ad194e7c778817");
  });

  it("hashes the canonical JSON of the whole field object, whatever the field values", () => {
    const text = fc.string({ unit: "grapheme" });
    fc.assert(
      fc.property(
        fc.record({
          previousHash: fc.option(fc.stringMatching(/^[0-9a-f]{64}$/), { nil: null }),
          timestamp: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
          actorIdentifier: text,
          actorIp: text,
          actionType: text,
          targetType: text,
          targetId: text,
          details: fc.dictionary(fc.string(), fc.jsonValue()),
        }),
        (fields) => {
          expect(auditEntryCanonicalJson(fields)).toBe(referenceCanonicalJson(fields));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("changes when any hashed field changes", () => {
    const base = auditEntryHash(knownEntry);
    const changes: Partial<HashedAuditFields>[] = [
      { previousHash: "a".repeat(64) },
      { timestamp: "2024-01-02T03:04:05.679Z" },
      { actorIdentifier: "Admin@example.com" },
      { actorIp: "203.0.113.8" },
      { actionType: "UPDATE" },
      { targetType: "Role" },
      { targetId: "6f1c2a7e-0000-4000-8000-000000000002" },
      { details: { z: 1 } },
    ];
    for (const change of changes) expect(auditEntryHash({ ...knownEntry, ...change })).not.toBe(base);
  });
});
