-- CreateTable
CREATE TABLE "blob_retention" (
    "hash" TEXT NOT NULL,
    "retain_until" TIMESTAMPTZ(3),
    "legal_hold" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blob_retention_pkey" PRIMARY KEY ("hash")
);
