import { describe, expect, it } from "vitest";
import { appendClause, fieldClause, filtersAsClauses, queryTokens } from "./query-clauses";
import { parseSearchQuery } from "@/server/search/query-language/parse-search-query";

describe("the query box's clauses", () => {
  it("writes a filter as a clause, quoting values with spaces and dropping quotes", () => {
    expect(fieldClause("from", " alice@acme.com ")).toBe("from:alice@acme.com");
    expect(fieldClause("source", 'Legal "EU" mailboxes')).toBe('source:"Legal EU mailboxes"');
    expect(fieldClause("to", "  ")).toBeNull();
    expect(appendClause("  ", "has:attachment")).toBe("has:attachment");
    expect(appendClause('budget "q1 plan"', "from:@acme.com")).toBe('budget "q1 plan" from:@acme.com');
  });

  it("turns a link's structured filters into clauses the language parses to the same filters", () => {
    const clauses = filtersAsClauses({
      from: "a@x.org",
      to: "b@x.org",
      userEmail: "c@x.org",
      ingestionSourceId: "Main source",
      startDate: "2024-01-01",
      endDate: "2024-03-31T00:00:00Z",
      hasAttachments: "false",
    });
    expect(clauses).toEqual([
      "from:a@x.org",
      "to:b@x.org",
      "mailbox:c@x.org",
      'source:"Main source"',
      "sent:>=2024-01-01",
      "sent:<=2024-03-31",
      "NOT has:attachment",
    ]);
    const parsed = parseSearchQuery(clauses.join(" "));
    expect(parsed?.normalized).toBe(
      'from:a@x.org AND to:b@x.org AND mailbox:c@x.org AND source:"Main source" AND sent:>=2024-01-01 AND sent:<=2024-03-31 AND NOT has:attachment',
    );
  });

  it("splits a query into highlighted tokens: fields, operators, negations, phrases, wildcards, words", () => {
    expect(
      queryTokens('budg* AND (from:@acme.com OR subject:"board minutes") -draft "a b"~3 NEAR/2 x').map((token) => [
        token.text,
        token.kind,
        token.field,
      ]),
    ).toEqual([
      ["budg*", "wildcard", undefined],
      ["AND", "operator", undefined],
      ["(", "operator", undefined],
      ["from:@acme.com", "field", "from"],
      ["OR", "operator", undefined],
      ['subject:"board minutes"', "field", "subject"],
      [")", "operator", undefined],
      ["-draft", "negation", undefined],
      ['"a b"~3', "phrase", undefined],
      ["NEAR/2", "operator", undefined],
      ["x", "word", undefined],
    ]);
    expect(queryTokens("  ")).toEqual([]);
  });
});
