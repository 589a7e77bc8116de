/**
 * The word-pair index (migration `word_pairs_index`, docs/search.md, "Phrases"): word_pairs() turns
 * an email's stored tsvector into one lexeme "a b" for each pair of lexemes at adjacent positions,
 * and a GIN index holds them. A phrase `'a' <-> 'b' <-> 'c'` can only match an email whose vector
 * has 'a b' and 'b c', so that AND is a condition the index answers without reading any vector:
 * for a phrase of two common words it finds the few emails where they touch, not the many that
 * hold both.
 */

/** A lexeme as tsquery text writes it: quoted, with `'` and `\` doubled. */
const QUOTED_LEXEME = String.raw`'(?:[^'\\]|''|\\.)+'`;
/** A phrase as phraseto_tsquery writes it with the 'simple' configuration: two or more lexemes joined by `<->`. */
const ADJACENT_CHAIN = new RegExp(`^${QUOTED_LEXEME}(?: <-> ${QUOTED_LEXEME})+$`);
const LEXEME = new RegExp(QUOTED_LEXEME, "g");
/** word_pairs() leaves out a pair whose two lexemes together reach this many bytes (a tsvector's longest lexeme is 2047). */
const PAIR_BYTES_LIMIT = 2047;

/** A quoted lexeme's own text (the quotes removed, the doubled characters single). */
const unquoted = (quoted: string) => quoted.slice(1, -1).replace(/''|\\(.)/g, (escape, escaped?: string) => escaped ?? "'");

/**
 * The pair lexemes a phrase's matches must all hold, AND-ed as tsquery text (`'a b' & 'b c'`), or
 * null when the phrase is no chain of adjacent lexemes (one word, or any other operator), or when
 * none of its pairs is short enough to be indexed. Escaping is per character, so the quoted pair is
 * the two quoted lexemes joined by a space inside one pair of quotes.
 */
export function adjacentPairsQuery(phrase: string): string | null {
  if (!ADJACENT_CHAIN.test(phrase)) return null;
  const lexemes = phrase.match(LEXEME) ?? [];
  const pairs = new Set<string>();
  for (let index = 1; index < lexemes.length; index++) {
    const [first, second] = [lexemes[index - 1], lexemes[index]];
    if (Buffer.byteLength(unquoted(first)) + Buffer.byteLength(unquoted(second)) >= PAIR_BYTES_LIMIT) continue;
    pairs.add(`${first.slice(0, -1)} ${second.slice(1)}`);
  }
  return pairs.size === 0 ? null : [...pairs].join(" & ");
}
