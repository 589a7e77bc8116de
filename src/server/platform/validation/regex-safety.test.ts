import { describe, expect, it } from "vitest";
import { regexPatternProblem } from "./regex-safety";

describe("regexPatternProblem", () => {
  it.each([
    "^\\[promo\\]",
    "invoice-\\d{4}",
    "(\\d{3}-)+\\d{4}",
    "(ab)*c",
    "(a+)?b",
    "(?:foo|bar)baz",
    "[(+*]+",
    "a\\(b+\\)+",
    "^(re|fwd?):\\s*",
  ])("accepts %s", (pattern) => {
    expect(regexPatternProblem(pattern)).toBeNull();
  });

  it.each([
    ["(", /valid regular expression/],
    ["a{2,1}", /valid regular expression/],
    ["(a+)+$", /repeat a group/],
    ["(a*)*", /repeat a group/],
    ["(a|aa)+(b+)*", /repeat a group/],
    ["((ab)+c)+", /repeat a group/],
    ["(x{2,})+", /repeat a group/],
    ["(\\w+\\s?)*$", /repeat a group/],
    ["(a)\\1", /back-references/],
    ["(?<n>a)\\k<n>", /back-references/],
  ])("rejects %s", (pattern, message) => {
    expect(regexPatternProblem(pattern)).toMatch(message);
  });
});
