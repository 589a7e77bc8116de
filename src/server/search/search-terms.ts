/** Like Meilisearch, only the first ten searchable terms of a query count (docs/search.md). */
export const MAX_QUERY_TERMS = 10;

export interface SearchTerm {
  /** The word, or the words of a quoted phrase, as typed (without the quotes). */
  text: string;
  phrase: boolean;
}

/**
 * Splits a query into terms: whitespace-separated words and "quoted phrases". A quote without its
 * closing partner is ignored (treated as a separator). Operators of any search syntax are left in
 * the text as plain characters; each adapter turns a term into words with its own tokenizer, which
 * drops them.
 */
export function parseSearchTerms(query: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const pattern = /"([^"]*)"|([^\s"]+)/g;
  const balanced = (query.match(/"/g)?.length ?? 0) % 2 === 0;
  const text = balanced ? query : removeLastQuote(query);
  for (const match of text.matchAll(pattern)) {
    if (match[1] !== undefined) {
      const phrase = match[1].trim().replace(/\s+/g, " ");
      if (phrase) terms.push({ text: phrase, phrase: true });
    } else {
      terms.push({ text: match[2], phrase: false });
    }
  }
  return terms;
}

function removeLastQuote(query: string): string {
  const index = query.lastIndexOf('"');
  return `${query.slice(0, index)} ${query.slice(index + 1)}`;
}
