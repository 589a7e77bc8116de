-- CreateTable
CREATE TABLE "cloud_sync_cursors" (
    "source_id" UUID NOT NULL,
    "mailbox" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "cursor" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cloud_sync_cursors_pkey" PRIMARY KEY ("source_id","mailbox","scope")
);

-- CreateTable
CREATE TABLE "cloud_sync_items" (
    "source_id" UUID NOT NULL,
    "mailbox" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "item_id" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cloud_sync_items_pkey" PRIMARY KEY ("source_id","mailbox","scope","item_id")
);

-- AddForeignKey
ALTER TABLE "cloud_sync_cursors" ADD CONSTRAINT "cloud_sync_cursors_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "ingestion_sources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cloud_sync_items" ADD CONSTRAINT "cloud_sync_items_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "ingestion_sources"("id") ON DELETE CASCADE ON UPDATE CASCADE;
