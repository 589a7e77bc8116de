-- A bulk restore selects the emails of a search query or the items of a case export, resumably.
ALTER TABLE "restore_runs" ALTER COLUMN "search_query" DROP NOT NULL;
ALTER TABLE "restore_runs" ADD COLUMN "export_id" UUID,
ADD COLUMN "position" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "locked_by" TEXT,
ADD COLUMN "locked_at" TIMESTAMPTZ(3);

ALTER TABLE "restore_runs" ADD CONSTRAINT "restore_runs_export_id_fkey" FOREIGN KEY ("export_id") REFERENCES "ediscovery_exports"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Exactly one selection.
ALTER TABLE "restore_runs" ADD CONSTRAINT "restore_runs_one_selection" CHECK (("search_query" IS NULL) <> ("export_id" IS NULL));
