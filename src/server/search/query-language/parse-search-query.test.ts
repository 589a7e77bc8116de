import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../../platform/errors/app-error";
import { QUERY_LIMITS } from "./build-query-tree";
import { queryOf } from "@tests/helpers/query-language-arbitraries";
import { parseSearchQuery } from "./parse-search-query";

const normalized = (query: string) => parseSearchQuery(query)?.normalized ?? null;
const tree = (query: string) => parseSearchQuery(query)!.tree;

function errorOf(query: string): string {
  try {
    parseSearchQuery(query);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("VALIDATION");
    const [fieldError] = (error as AppError).fieldErrors!;
    expect(fieldError.field).toBe("query");
    return fieldError.message;
  }
  throw new Error(`${query} was accepted`);
}

describe("search language: operator-free queries keep their meaning (null = the engine's words and phrases)", () => {
  it.each([
    "",
    "contract acme",
    '"quarterly report" acme',
    "budget:A",
    '"unbalanced',
    "* & |",
    "and or not",
    "ANDROID NOTE",
    "e-mail foo*bar",
    "- foo",
  ])("%j", (query) => expect(parseSearchQuery(query)).toBeNull());
});

describe("search language: the tree of each construct", () => {
  it("booleans with precedence NOT > AND > OR, implicit AND, and parentheses", () => {
    expect(normalized("a OR b c")).toBe("a OR (b AND c)");
    expect(normalized("(a OR b) c")).toBe("(a OR b) AND c");
    expect(normalized("contract AND NOT acme")).toBe("contract AND NOT acme");
    expect(normalized("NOT a OR b")).toBe("NOT a OR b");
    expect(normalized("NOT (a OR b)")).toBe("NOT (a OR b)");
    expect(normalized("x -y -(z w)")).toBe("x AND NOT y AND NOT (z AND w)");
    expect(tree("a OR b c")).toEqual({
      type: "or",
      children: [
        { type: "words", field: null, words: ["a"] },
        {
          type: "and",
          children: [
            { type: "words", field: null, words: ["b"] },
            { type: "words", field: null, words: ["c"] },
          ],
        },
      ],
    });
  });

  it("fields, addresses and domains, phrases, prefixes and proximity", () => {
    expect(tree("from:Alice@Acme.COM")).toEqual({ type: "address", field: "from", address: "alice@acme.com", domain: false });
    expect(tree("to:@acme.com")).toEqual({ type: "address", field: "to", address: "acme.com", domain: true });
    expect(tree('subject:"Q3 Budget"')).toEqual({ type: "words", field: "subject", words: ["q3", "budget"] });
    expect(tree("body:budg*")).toEqual({ type: "prefix", field: "body", prefix: "budg" });
    expect(tree("merger NEAR/5 acme")).toEqual({ type: "near", field: null, words: ["merger", "acme"], distance: 5 });
    expect(tree('"merger acme"~5')).toEqual(tree("merger NEAR/5 acme"));
    expect(tree("subject:merger NEAR/1 acme")).toEqual({ type: "near", field: "subject", words: ["merger", "acme"], distance: 1 });
    expect(tree("has:attachment")).toEqual({ type: "hasAttachment" });
    expect(tree("filename:Roadmap*")).toEqual({ type: "filename", value: "roadmap", prefix: true });
    expect(tree("messageid:<abc@x>")).toEqual({ type: "messageId", value: "abc@x" });
    expect(tree('source:"Mail Server"')).toEqual({ type: "source", value: "Mail Server" });
    expect(tree("mailbox:Bob@Corp.example")).toEqual({ type: "mailbox", address: "bob@corp.example" });
  });

  it("review analytics: thread:, class:, neardup:, lang: and the reviewer's inclusive:yes", () => {
    const id = "3F2504E0-4F89-41D3-9A0C-0305E82C3301";
    expect(tree(`thread:${id}`)).toEqual({ type: "thread", id: id.toLowerCase() });
    expect(tree(`neardup:${id}`)).toEqual({ type: "nearDuplicate", groupId: id.toLowerCase() });
    expect(tree("class:Inclusive_Minus")).toEqual({ type: "threadClass", value: "inclusive_minus" });
    expect(tree("lang:DE")).toEqual({ type: "language", code: "de" });
    expect(tree("lang:und")).toEqual({ type: "language", code: "und" });
    expect(normalized("inclusive:yes budget")).toBe("(class:inclusive OR class:inclusive_minus) AND budget");
    expect(normalized("inclusive:no")).toBe("NOT (class:inclusive OR class:inclusive_minus)");
    for (const refused of ["thread:42", "neardup:abc", "class:partial", "lang:english", "inclusive:maybe"]) {
      expect(() => parseSearchQuery(refused), refused).toThrow(AppError);
    }
  });

  it("dates as whole UTC days and sizes in bytes (kb = 1024)", () => {
    expect(tree("sent:2024-01-01..2024-03-31")).toEqual({
      type: "sent",
      from: "2024-01-01T00:00:00.000Z",
      until: "2024-04-01T00:00:00.000Z",
    });
    expect(tree("sent:2024-02-29")).toEqual({ type: "sent", from: "2024-02-29T00:00:00.000Z", until: "2024-03-01T00:00:00.000Z" });
    expect(tree("sent:>=2024-01-01")).toEqual({ type: "sent", from: "2024-01-01T00:00:00.000Z", until: null });
    expect(tree("sent:>2024-01-01")).toEqual({ type: "sent", from: "2024-01-02T00:00:00.000Z", until: null });
    expect(tree("sent:<2024-01-01")).toEqual({ type: "sent", from: null, until: "2024-01-01T00:00:00.000Z" });
    expect(tree("sent:<=2024-01-01")).toEqual({ type: "sent", from: null, until: "2024-01-02T00:00:00.000Z" });
    expect(tree("size:>5mb")).toEqual({ type: "size", min: 5 * 1024 * 1024 + 1, max: null });
    expect(tree("size:1kb..2kb")).toEqual({ type: "size", min: 1024, max: 2048 });
    expect(tree("size:<=1.5kb")).toEqual({ type: "size", min: null, max: 1536 });
  });
});

describe("search language: errors are 422s naming the position and what was expected", () => {
  it.each([
    ["a AND", /at character 6: expected .* but found the end of the query/],
    ["OR x", /at character 1: expected .* but found "O"/],
    ["(foo", /at character 5: expected "\)"/],
    ["a (b", /at character 5: expected "\)"/],
    ["ab*", /at character 1: .*at least 3 characters before the \*/],
    ["x from:alice", /at character 3: from: takes a whole address/],
    ["sent:>=2024-02-30", /is not a date/],
    ["sent:2024-03-01..2024-01-01", /ends before it starts/],
    ["size:5parsecs", /is not a size/],
    ["has:pdf", /has: takes "attachment"/],
    ["subject:merger NEAR/2 body:acme", /same field/],
    ["merger NEAR/0 acme", /between 1 and 20/],
    ['"a b c"~3', /exactly two words/],
    ["from:@", /is not a domain/],
    ["a NEAR/2 b NEAR/3 c", /at character 12/],
  ])("%j", (query, message) => expect(errorOf(query)).toMatch(message));

  it("enforces the limits on clauses, nesting and wildcards", () => {
    const clauses = Array.from({ length: QUERY_LIMITS.clauses + 1 }, (_, index) => `w${index}`).join(" OR ");
    expect(errorOf(clauses)).toMatch(/at most 50 clauses/);
    const nested = `${"(".repeat(QUERY_LIMITS.depth + 1)}a OR b${")".repeat(QUERY_LIMITS.depth + 1)}`;
    expect(errorOf(nested)).toMatch(/nests deeper than 10/);
    expect(errorOf("abc* abd* abe* abf* abg* abh*")).toMatch(/at most 5 wildcards/);
  });
});

const word = fc.stringMatching(/^[a-z]{1,8}$/).filter((text) => !["and", "or", "not"].includes(text));
const clause = fc.oneof(
  word,
  fc.tuple(word, word).map(([a, b]) => `"${a} ${b}"`),
  word.filter((text) => text.length >= 3).map((text) => `${text}*`),
  fc.tuple(word, word, fc.integer({ min: 1, max: 20 })).map(([a, b, n]) => `${a} NEAR/${n} ${b}`),
  fc.tuple(fc.constantFrom("subject", "body", "attachment"), word).map(([field, text]) => `${field}:${text}`),
  fc.tuple(fc.constantFrom("from", "to", "cc", "bcc"), word).map(([field, text]) => `${field}:@${text}.com`),
  fc.constantFrom("has:attachment", "sent:2024-01-01..2024-01-31", "size:>1kb", "sent:<=2023-12-31"),
);
const query = queryOf(clause);

describe("search language: the normalized text is a fixed point", () => {
  it("parsing the normalized text gives the same tree and the same text", () => {
    fc.assert(
      fc.property(query, (text) => {
        let parsed;
        try {
          parsed = parseSearchQuery(text);
        } catch (error) {
          // Only the limits may refuse a generated query.
          expect((error as AppError).fieldErrors![0].message).toMatch(/at most|nests deeper/);
          return;
        }
        if (!parsed) return;
        const again = parseSearchQuery(parsed.normalized)!;
        expect(again.tree).toEqual(parsed.tree);
        expect(again.normalized).toBe(parsed.normalized);
      }),
      { numRuns: 500 },
    );
  });
});

describe("search language: folder:", () => {
  it('matches a folder exactly, quoted or not; folder:"" is mail archived without a folder', () => {
    expect(tree('folder:"Projects/2026"')).toEqual({ type: "folder", value: "Projects/2026" });
    expect(tree("folder:INBOX mailbox:a@b.example")).toEqual({
      type: "and",
      children: [
        { type: "folder", value: "INBOX" },
        { type: "mailbox", address: "a@b.example" },
      ],
    });
    expect(tree('folder:""')).toEqual({ type: "folder", value: "" });
    expect(normalized('folder:"Sent Items"')).toBe('folder:"Sent Items"');
  });
});
