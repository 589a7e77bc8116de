-- PDF productions (issue 54): the case's next Bates number, and each production's settings and Bates range.
ALTER TABLE "ediscovery_cases" ADD COLUMN "next_bates" INTEGER NOT NULL DEFAULT 1;

ALTER TABLE "ediscovery_exports" ADD COLUMN "production" JSONB,
ADD COLUMN "bates_first" INTEGER,
ADD COLUMN "bates_last" INTEGER,
ADD COLUMN "page_count" INTEGER;
