-- CreateTable
CREATE TABLE "import_receipts" (
    "id" UUID NOT NULL,
    "source_id" UUID NOT NULL,
    "origin" TEXT NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,
    "body" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "signature" TEXT NOT NULL,
    "public_key" TEXT NOT NULL,

    CONSTRAINT "import_receipts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sync_progress" (
    "run_id" UUID NOT NULL,
    "source_id" UUID NOT NULL,
    "mailbox" TEXT NOT NULL,
    "folder" TEXT NOT NULL,
    "done" INTEGER NOT NULL DEFAULT 0,
    "seen" INTEGER NOT NULL DEFAULT 0,
    "finished" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sync_progress_pkey" PRIMARY KEY ("run_id","mailbox")
);

-- CreateIndex
CREATE INDEX "import_receipts_source_id_finished_at_idx" ON "import_receipts"("source_id", "finished_at");

-- CreateIndex
CREATE INDEX "sync_progress_source_id_idx" ON "sync_progress"("source_id");

-- AddForeignKey
ALTER TABLE "sync_progress" ADD CONSTRAINT "sync_progress_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "ingestion_sources"("id") ON DELETE CASCADE ON UPDATE CASCADE;
