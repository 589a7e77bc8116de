import { describe, expect, it } from "vitest";
import { buildQueryText, type BuilderClause } from "./case-query-builder";
import { parseSearchQuery } from "../server/search/query-language/parse-search-query";

const clause = (field: BuilderClause["field"], value: string, exclude = false): BuilderClause => ({ field, value, exclude });

describe("buildQueryText", () => {
  it("writes fields, phrases, words and exclusions in the query language", () => {
    const text = buildQueryText(
      [
        clause("words", "merger acme"),
        clause("from", "@acme.com"),
        clause("subject", "board minutes"),
        clause("phrase", "q3  budget"),
        clause("bcc", "@press.example", true),
        clause("sent", "2024-01-01 .. 2024-03-31"),
        clause("has", ""),
      ],
      "AND",
    );
    expect(text).toBe(
      'merger acme AND from:@acme.com AND subject:"board minutes" AND "q3 budget" AND NOT bcc:@press.example AND sent:2024-01-01..2024-03-31 AND has:attachment',
    );
  });

  it("groups several words under OR and NOT, skips empty clauses and drops quotes", () => {
    expect(buildQueryText([clause("words", "merger acme"), clause("words", ""), clause("to", 'bob"@example.com')], "OR")).toBe(
      "(merger acme) OR to:bob@example.com",
    );
    expect(buildQueryText([clause("words", "lunch menu", true)], "AND")).toBe("NOT (lunch menu)");
    expect(buildQueryText([], "AND")).toBe("");
  });

  it("produces text the server's parser accepts", () => {
    const text = buildQueryText(
      [clause("words", "merger acme"), clause("subject", "board minutes", true), clause("size", "> 5mb"), clause("filename", "roadmap")],
      "OR",
    );
    expect(parseSearchQuery(text)?.normalized).toBeTruthy();
    expect(
      parseSearchQuery(
        'merger acme AND from:@acme.com AND subject:"board minutes" AND NOT bcc:@press.example AND sent:2024-01-01..2024-03-31 AND has:attachment',
      )?.normalized,
    ).toBeTruthy();
  });
});
