import fc from "fast-check";

/** Strings that have broken parsers, paths, SQL and search syntax elsewhere. */
export const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "../../etc/passwd",
    "..%2F..%2Fetc%2Fpasswd",
    "%00",
    "\u0000",
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    "*",
    "\\",
    "%",
    "__proto__",
    "constructor",
    "a".repeat(5000),
    "\uD800",
    "😀".repeat(50),
    "<script>alert(1)</script>",
    "NaN",
    "-1",
    "0",
    "1e309",
    "00000000-0000-4000-8000-000000000000",
    'AND OR NOT "unclosed',
    "from:x to:y",
    "\u202Eevil",
  ),
);

/** Random JSON, prototype-pollution keys, nesting far deeper than any schema, hostile dictionaries. */
export const hostileJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant({ __proto__: { admin: true }, constructor: { prototype: { admin: true } } }),
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "name": "x"}')),
  fc.nat({ max: 2000 }).map((depth) => JSON.parse("[".repeat(depth) + "]".repeat(depth))),
  fc.dictionary(hostileText, fc.oneof(hostileText, fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 6 }),
);

/** Bodies that are not JSON at all. */
export const malformedText = fc.oneof(hostileText, fc.constant('{"unterminated'), fc.constant("\u0000\u0001\u0002"));

export function expectNoPrototypePollution(expect: (value: unknown, label: string) => { toBeUndefined(): void }): void {
  expect(({} as Record<string, unknown>).polluted, "prototype pollution").toBeUndefined();
  expect(({} as Record<string, unknown>).admin, "prototype pollution").toBeUndefined();
}
