-- PDF productions (issue 54): the case's next Bates number, and each production's settings and Bates range.
ALTER TABLE "ediscovery_cases" ADD COLUMN "next_bates" INTEGER NOT NULL DEFAULT 1;

ALTER TABLE "ediscovery_exports" ADD COLUMN "production" JSONB,
ADD COLUMN "bates_first" INTEGER,
ADD COLUMN "bates_last" INTEGER,
ADD COLUMN "page_count" INTEGER;

ALTER TABLE "ediscovery_exports" DROP CONSTRAINT "ediscovery_exports_format_check";
ALTER TABLE "ediscovery_exports" ADD CONSTRAINT "ediscovery_exports_format_check" CHECK ("format" IN ('eml', 'mbox', 'pdf'));
-- A PDF production has its settings; eml and mbox have none.
ALTER TABLE "ediscovery_exports" ADD CONSTRAINT "ediscovery_exports_production_check" CHECK (("format" = 'pdf') = ("production" IS NOT NULL));
