-- Search no longer reads search_rank_bound (operator-free tiers are listed newest first, not ranked
-- with ts_rank_cd: docs/search.md, "Order"), yet every ingested email computed it and wrote it into
-- the full-text GIN index. The vector gets a GIN index of its own again, built before the combined
-- one is dropped so that no search goes without one; then the column and its function go.
-- A large archive spends minutes building the index: maintenance_work_mem as the bench's bulk load sets it.
SET maintenance_work_mem = '256MB';

CREATE INDEX "archived_emails_search_vector_idx" ON "archived_emails" USING GIN ("search_vector");

DROP INDEX "archived_emails_search_vector_search_rank_bound_idx";

ALTER TABLE "archived_emails" DROP COLUMN "search_rank_bound";

DROP FUNCTION search_rank_bound(tsvector);
