-- CreateTable
CREATE TABLE "restore_runs" (
    "id" UUID NOT NULL,
    "ingestion_source_id" UUID NOT NULL,
    "folder" TEXT NOT NULL,
    "search_query" JSONB NOT NULL,
    "scope" JSONB,
    "actor" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER,
    "restored" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "restore_runs_pkey" PRIMARY KEY ("id")
);

-- AddForeignKey
ALTER TABLE "restore_runs" ADD CONSTRAINT "restore_runs_ingestion_source_id_fkey" FOREIGN KEY ("ingestion_source_id") REFERENCES "ingestion_sources"("id") ON DELETE CASCADE ON UPDATE CASCADE;
