-- Stored bytes another stored blob needs: a skeleton kept for a message forwarded as message/rfc822
-- needs its attachments' blobs after the original's rows are gone (docs/operations.md). Skeletons
-- written before need no backfill: the release reads a kept skeleton's references when it first
-- matters and records them here.
CREATE TABLE "blob_dependencies" (
    "blob_hash" TEXT NOT NULL,
    "needs_hash" TEXT NOT NULL,

    CONSTRAINT "blob_dependencies_pkey" PRIMARY KEY ("blob_hash","needs_hash")
);

CREATE INDEX "blob_dependencies_needs_hash_idx" ON "blob_dependencies"("needs_hash");
