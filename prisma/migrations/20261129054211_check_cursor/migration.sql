-- CreateTable
CREATE TABLE "check_cursors" (
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "after_id" UUID,
    "state" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "check_cursors_pkey" PRIMARY KEY ("name")
);
