/**
 * The most searchable terms a query may have (Meilisearch's own limit); a query with more is
 * refused (search.schemas.ts), since each term adds a tier to rank and a frequency to count.
 */
export const MAX_QUERY_TERMS = 10;

export interface SearchTerm {
  /** The word, or the words of a quoted phrase, as typed (without the quotes). */
  text: string;
  phrase: boolean;
}

/**
 * Inside an unquoted word, anything but letters, digits and the joiners of addresses, file names,
 * hyphenated words and contractions (@ . - _ ') separates words: "budget:A" is two words.
 */
const WORD_SEPARATOR = /[^\p{L}\p{N}\p{M}@.\-_'\u2019]+/u;

/**
 * Splits a query into terms: words and "quoted phrases". A quote without its closing partner is
 * ignored (treated as a separator). Characters that are operators in some search syntax
 * (& | ! : * ( ) < > ...) only separate words; each adapter turns a term into lexemes with its own
 * tokenizer, and a term left without any is dropped.
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
      for (const word of match[2].split(WORD_SEPARATOR)) if (word) terms.push({ text: word, phrase: false });
    }
  }
  return terms;
}

const HAS_WORD = /[\p{L}\p{N}]/u;

/** A term with a letter or digit; terms without any are dropped by both adapters. */
export const isSearchable = (term: SearchTerm): boolean => HAS_WORD.test(term.text);

function removeLastQuote(query: string): string {
  const index = query.lastIndexOf('"');
  return `${query.slice(0, index)} ${query.slice(index + 1)}`;
}
