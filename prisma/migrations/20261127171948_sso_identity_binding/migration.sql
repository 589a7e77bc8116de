-- AlterTable
ALTER TABLE "users" ADD COLUMN     "sso_link_allowed" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "user_identities" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_identities_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "user_identities_source_issuer_subject_key" ON "user_identities"("source", "issuer", "subject");

-- CreateIndex
CREATE UNIQUE INDEX "user_identities_user_id_source_key" ON "user_identities"("user_id", "source");

-- AddForeignKey
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
