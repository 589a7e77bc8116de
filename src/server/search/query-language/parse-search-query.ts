import peggy from "peggy";
import { AppError } from "../../platform/errors/app-error";
import { buildQueryTree, isPrefixTerm, QueryLanguageError } from "./build-query-tree";
import { formatQueryTree } from "./format-query-tree";
import { QUERY_GRAMMAR } from "./query-grammar";
import type { ParsedSearchQuery } from "./query-tree";

let parser: peggy.Parser | undefined;
const grammarParser = () => (parser ??= peggy.generate(QUERY_GRAMMAR));

type RawClause = { type: string; quoted?: boolean; proximity?: number | null; text?: string; explicit?: boolean; children?: RawClause[] };

/** Words and "phrases" joined by spaces only: the operator-free queries of before the language. */
function isOperatorFree(raw: RawClause): boolean {
  if (raw.type === "text") return raw.proximity === null && !isPrefixTerm({ text: raw.text!, quoted: raw.quoted! });
  return raw.type === "and" && !raw.explicit && raw.children!.every(isOperatorFree);
}

/** Syntax that only the language has: a query using any of it is parsed strictly (422 on errors). */
const LANGUAGE_SYNTAX = [
  /(^|\s)(AND|OR|NOT)(\s|$)/,
  /(^|[\s(])-[^\s-]/,
  /[()]/,
  /(^|[\s(-])(from|to|cc|bcc|subject|body|attachment|filename|mailbox|source|folder|has|sent|size|messageid):/,
  /[\p{L}\p{N}\p{M}]\*(\s|$|\))/u,
  /"~\d/,
  /NEAR\/\d/,
];

const validation = (offset: number, message: string) =>
  new AppError("VALIDATION", "Invalid input", {
    fieldErrors: [{ field: "query", message: `at character ${offset + 1}: ${message}` }],
  });

/**
 * Parses a query of the search language (docs/search.md, "Query language"). Returns null for an
 * operator-free query (words and "phrases" only), which keeps its meaning from before the language
 * and the caller's matchingStrategy; throws a VALIDATION AppError naming the position and what was
 * expected for a query that uses the language wrongly, or beyond its limits.
 */
export function parseSearchQuery(query: string): ParsedSearchQuery | null {
  let raw: RawClause | null;
  try {
    raw = grammarParser().parse(query) as RawClause | null;
  } catch (error) {
    if (!(error instanceof grammarParser().SyntaxError)) throw error;
    // A stray quote or a lone operator character was only a separator before the language existed.
    if (!LANGUAGE_SYNTAX.some((pattern) => pattern.test(query))) return null;
    throw validation(error.location.start.offset, syntaxMessage(error));
  }
  if (raw === null || isOperatorFree(raw)) return null;
  try {
    const tree = buildQueryTree(raw as Parameters<typeof buildQueryTree>[0]);
    return { tree, normalized: formatQueryTree(tree) };
  } catch (error) {
    if (error instanceof QueryLanguageError) throw validation(error.offset, error.message);
    throw error;
  }
}

function syntaxMessage(error: peggy.parser.SyntaxError): string {
  const expected = [...new Set((error.expected ?? []).map(describeExpectation))].filter(Boolean);
  const found = error.found === null ? "the end of the query" : `"${error.found}"`;
  return `expected ${expected.length ? joinAlternatives(expected) : "something else"} but found ${found}`;
}

function describeExpectation(expectation: peggy.parser.Expectation): string {
  switch (expectation.type) {
    case "literal":
      return `"${expectation.text}"`;
    case "other":
      // Between any two clauses white space is allowed; naming it only hides what was missing.
      return expectation.description === "white space" ? "" : expectation.description;
    case "end":
      return "the end of the query";
    default:
      return "";
  }
}

const joinAlternatives = (items: string[]) => (items.length === 1 ? items[0] : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`);

/** The 422 message of a query the language refuses, or null when it is fine (for schema refinements). */
export function searchLanguageProblem(query: string): string | null {
  try {
    parseSearchQuery(query);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.fieldErrors?.length) return error.fieldErrors[0].message;
    throw error;
  }
}
