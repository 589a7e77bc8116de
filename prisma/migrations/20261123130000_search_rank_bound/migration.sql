-- An upper bound of what one lexeme of an email's search vector can add to ts_rank_cd (default
-- weights A 1.0, B 0.4, C 0.2, D 0.1): at most 1.0 per subject or address position, 0.2 per body or
-- attachment position, so the lexeme with the most positions, plus the most subject/address
-- positions any lexeme has. For a query OR-ing L single lexemes, ts_rank_cd adds the weight of each
-- position of those lexemes (one cover per position), so L times this bounds the email's rank, and
-- ranking a tier skips the emails whose bound cannot reach the page (docs/search.md). Counting the
-- positions per weight exactly would be tighter but costs ~4x as much per email.
CREATE FUNCTION search_rank_bound(vector tsvector) RETURNS real
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN coalesce((SELECT max(cardinality(positions)) FROM unnest(ts_filter(vector, '{a,b}'))), 0)
    + 0.2 * coalesce((SELECT max(cardinality(positions)) FROM unnest(vector)), 0);

-- Stored and generated, so no writer of search_vector can leave it stale. Changing the function
-- needs the column dropped and added again (stored values are not recomputed).
ALTER TABLE "archived_emails" ADD COLUMN "search_rank_bound" REAL GENERATED ALWAYS AS (search_rank_bound("search_vector")) STORED;
