-- CreateTable
CREATE TABLE "installation_fingerprints" (
    "name" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "installation_fingerprints_pkey" PRIMARY KEY ("name")
);
