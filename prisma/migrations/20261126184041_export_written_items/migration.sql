-- What an export's writing found of each item (size, To, Cc), appended per batch with its resume
-- point instead of updating the wide item rows (docs/ediscovery.md, "Speed").
-- CreateTable
CREATE TABLE "ediscovery_export_written_items" (
    "export_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "size_bytes" BIGINT NOT NULL,
    "to_addresses" TEXT NOT NULL,
    "cc_addresses" TEXT NOT NULL,

    CONSTRAINT "ediscovery_export_written_items_pkey" PRIMARY KEY ("export_id","seq")
);

-- AddForeignKey
ALTER TABLE "ediscovery_export_written_items" ADD CONSTRAINT "ediscovery_export_written_items_export_id_fkey" FOREIGN KEY ("export_id") REFERENCES "ediscovery_exports"("id") ON DELETE CASCADE ON UPDATE CASCADE;
