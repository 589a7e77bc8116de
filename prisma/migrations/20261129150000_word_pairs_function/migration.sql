-- Phrases of common words (docs/search.md, "Phrases: the word-pair index"): the full-text GIN index keeps no positions,
-- so `'a' <-> 'b'` was answered by reading the tsvector of every email holding both words, hundreds
-- of thousands at ten million emails, most of them not adjacent. word_pairs() derives from the
-- stored vector every pair of lexemes at adjacent positions ("a b": a at p, b at p + 1), exactly
-- as `<->` reads them (positions and their caps as stored, weights ignored); its GIN index answers
-- "is b right after a" as one lookup of the lexeme 'a b'. Pairs whose text would pass the longest
-- lexeme a tsvector holds are left out (the search then adds no pair condition for them).
-- array_to_tsvector sorts its lexemes and drops duplicates (a pair seen twice is one lexeme).
-- COST: evaluated per row only after the cheaper positional condition has matched.
--
-- The index itself (archived_emails_word_pairs_idx) is not built here: a migration runs in one
-- transaction before the service starts, and building it takes minutes at a million emails, about
-- an hour at ten million. The worker builds it with CREATE INDEX CONCURRENTLY in the background
-- (src/server/search/build-word-pairs-index.ts); the search asks it only once it is valid.
CREATE FUNCTION word_pairs(vector tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000
  RETURN coalesce((
    WITH occurrence AS (SELECT word.lexeme, position FROM unnest(vector) AS word, unnest(word.positions) AS position)
    SELECT array_to_tsvector(array_agg(first.lexeme || ' ' || second.lexeme))
    FROM occurrence AS first JOIN occurrence AS second ON second.position = first.position + 1
    WHERE octet_length(first.lexeme) + octet_length(second.lexeme) < 2047), ''::tsvector);
