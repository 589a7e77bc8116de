-- CreateTable
CREATE TABLE "blob_intents" (
    "id" BIGSERIAL NOT NULL,
    "hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blob_intents_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "blob_intents_created_at_idx" ON "blob_intents"("created_at");
