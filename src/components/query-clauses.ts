/**
 * The query box's helpers: writing a filter as a clause of the search language (docs/search.md,
 * "Query language") and splitting a query into tokens to highlight. Only for display and for
 * writing text; the server parses and validates the query.
 */

const FIELD_NAMES = [
  "from",
  "to",
  "cc",
  "bcc",
  "subject",
  "body",
  "attachment",
  "filename",
  "mailbox",
  "source",
  "has",
  "sent",
  "size",
  "messageid",
];
const FIELD_TOKEN = new RegExp(`^-?(${FIELD_NAMES.join("|")}):`);
const OPERATOR_TOKEN = /^(AND|OR|NOT|NEAR\/\d+)$/;

/** A field's value as the language reads it: quoted when it has a space, a quote or a parenthesis. */
export function clauseValue(value: string): string {
  const trimmed = value.trim().replace(/"/g, "");
  return /[\s()]/.test(trimmed) ? `"${trimmed}"` : trimmed;
}

/** `field:value`, or null for an empty value. */
export function fieldClause(field: string, value: string): string | null {
  const written = clauseValue(value);
  return written ? `${field}:${written}` : null;
}

/** The query with one more clause, joined by the implicit AND. */
export function appendClause(query: string, clause: string): string {
  const current = query.trim();
  return current ? `${current} ${clause}` : clause;
}

/** The structured filters of a link (`?from=…&ingestionSourceId=…`) as clauses of the language. */
export function filtersAsClauses(filters: Record<string, string | undefined>): string[] {
  const clauses = [
    filters.from && fieldClause("from", filters.from),
    filters.to && fieldClause("to", filters.to),
    filters.userEmail && fieldClause("mailbox", filters.userEmail),
    filters.ingestionSourceId && fieldClause("source", filters.ingestionSourceId),
    filters.startDate && `sent:>=${filters.startDate.slice(0, 10)}`,
    filters.endDate && `sent:<=${filters.endDate.slice(0, 10)}`,
    filters.hasAttachments === "true" && "has:attachment",
    filters.hasAttachments === "false" && "NOT has:attachment",
  ];
  return clauses.filter((clause): clause is string => Boolean(clause));
}

export type QueryToken = { text: string; kind: "field" | "operator" | "negation" | "phrase" | "wildcard" | "word"; field?: string };

/** The query's tokens, each with what it is, for highlighting the fields and operators used. */
export function queryTokens(query: string): QueryToken[] {
  const tokens = query.match(/-?[a-z]+:"[^"]*"(~\d+)?|"[^"]*"(~\d+)?|[()]|[^\s()"]+/g) ?? [];
  return tokens.map((text) => {
    const field = FIELD_TOKEN.exec(text);
    if (field) return { text, kind: "field", field: field[1] };
    if (OPERATOR_TOKEN.test(text) || text === "(" || text === ")") return { text, kind: "operator" };
    if (/^-[^\s-]/.test(text)) return { text, kind: "negation" };
    if (text.startsWith('"')) return { text, kind: "phrase" };
    if (/\*$/.test(text)) return { text, kind: "wildcard" };
    return { text, kind: "word" };
  });
}
