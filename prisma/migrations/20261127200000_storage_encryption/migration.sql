-- CreateTable
CREATE TABLE "storage_data_keys" (
    "id" UUID NOT NULL,
    "wrapped" BYTEA NOT NULL,
    "key_fingerprint" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "storage_data_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "storage_conversion" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "phase" TEXT,
    "after_id" UUID,
    "total" BIGINT NOT NULL DEFAULT 0,
    "examined" BIGINT NOT NULL DEFAULT 0,
    "converted" BIGINT NOT NULL DEFAULT 0,
    "skipped" BIGINT NOT NULL DEFAULT 0,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "storage_conversion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blob_stored_sizes" (
    "key" TEXT NOT NULL,
    "stored_bytes" BIGINT NOT NULL,
    "measured_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "blob_stored_sizes_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "storage_usage" (
    "scope" TEXT NOT NULL,
    "logical_bytes" BIGINT NOT NULL,
    "stored_bytes" BIGINT NOT NULL,
    "emails" BIGINT NOT NULL,
    "measured_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "storage_usage_pkey" PRIMARY KEY ("scope")
);
