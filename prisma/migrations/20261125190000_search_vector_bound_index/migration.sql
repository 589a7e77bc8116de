-- One GIN index over the search vector and the rank bound (btree_gin gives the bound a GIN operator
-- class): a search lists a frequent word's candidates above a bound from the index alone, instead
-- of visiting every candidate's row for its bound (docs/search.md, "Listing above a bound"). It
-- replaces the index on the vector alone, which it serves as well, so ingestion maintains one.
-- btree_gin is a contrib extension marked trusted: the database owner can create it.
CREATE EXTENSION IF NOT EXISTS btree_gin;

CREATE INDEX "archived_emails_search_vector_search_rank_bound_idx" ON "archived_emails" USING GIN ("search_vector", "search_rank_bound");

DROP INDEX "archived_emails_search_vector_idx";
