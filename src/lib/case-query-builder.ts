/**
 * The case search builder (issue #22): clauses picked from fields and terms, written out in the
 * query language (docs/search.md, "Query language") so the officer sees, can edit and defends the
 * exact text the server parses.
 */
export const BUILDER_FIELDS = [
  { value: "words", label: "Any field: words" },
  { value: "phrase", label: "Any field: exact phrase" },
  { value: "subject", label: "Subject" },
  { value: "body", label: "Body" },
  { value: "attachment", label: "Attachment text" },
  { value: "filename", label: "Attachment file name" },
  { value: "from", label: "From (address or @domain)" },
  { value: "to", label: "To, Cc or Bcc (address or @domain)" },
  { value: "cc", label: "Cc" },
  { value: "bcc", label: "Bcc" },
  { value: "mailbox", label: "Mailbox" },
  { value: "sent", label: "Sent (2024-01-01..2024-03-31, >=2024-01-01)" },
  { value: "size", label: "Size (>5mb)" },
  { value: "has", label: "Has attachment" },
] as const;

export type BuilderField = (typeof BUILDER_FIELDS)[number]["value"];

export interface BuilderClause {
  field: BuilderField;
  value: string;
  exclude: boolean;
}

/** A value as one term: quoted when it has spaces; the language has no escape for a quote, so quotes are dropped. */
function term(value: string): string {
  const clean = value.replace(/"/g, "").trim().replace(/\s+/g, " ");
  return /\s/.test(clean) ? `"${clean}"` : clean;
}

function clauseText(clause: BuilderClause): string | null {
  const value = clause.value.replace(/"/g, "").trim();
  if (clause.field === "has") return "has:attachment";
  if (!value) return null;
  if (clause.field === "words") {
    const words = value.split(/\s+/);
    return words.length > 1 && clause.exclude ? `(${words.join(" ")})` : words.join(" ");
  }
  if (clause.field === "phrase") return `"${value.replace(/\s+/g, " ")}"`;
  if (clause.field === "sent" || clause.field === "size") return `${clause.field}:${value.replace(/\s+/g, "")}`;
  return `${clause.field}:${term(value)}`;
}

/** The clauses joined by `combinator`, each excluded one as `NOT`; OR-ed clauses of several words are parenthesized. */
export function buildQueryText(clauses: BuilderClause[], combinator: "AND" | "OR"): string {
  const parts = clauses.flatMap((clause) => {
    const text = clauseText(clause);
    if (text === null) return [];
    const grouped = combinator === "OR" && !clause.exclude && clause.field === "words" && /\s/.test(text) ? `(${text})` : text;
    return [clause.exclude ? `NOT ${grouped}` : grouped];
  });
  return parts.join(` ${combinator} `);
}
