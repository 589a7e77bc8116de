-- Review analytics (docs/ediscovery.md): every email archived so far is analysed by the worker once.
ALTER TABLE "archived_emails" ADD COLUMN     "analysis_pending" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "email_analysis" (
    "email_id" UUID NOT NULL,
    "conversation_id" UUID NOT NULL,
    "parent_id" UUID,
    "parent_rank" INTEGER,
    "copy_of" UUID,
    "copy_key" TEXT NOT NULL,
    "reply_keys" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "subject_key" TEXT NOT NULL,
    "thread_class" TEXT NOT NULL,
    "near_duplicate_group_id" UUID,
    "near_duplicate_similarity" REAL,
    "near_duplicate_pivot" BOOLEAN NOT NULL DEFAULT false,
    "near_duplicate_bands" BIGINT[] DEFAULT ARRAY[]::BIGINT[],
    "near_duplicate_signature" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "near_duplicate_text_length" INTEGER NOT NULL DEFAULT 0,
    "languages" JSONB NOT NULL DEFAULT '[]',
    "language_codes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "analysed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_analysis_pkey" PRIMARY KEY ("email_id")
);

-- CreateIndex
CREATE INDEX "email_analysis_copy_key_idx" ON "email_analysis"("copy_key");

-- CreateIndex
CREATE INDEX "email_analysis_conversation_id_idx" ON "email_analysis"("conversation_id");

-- CreateIndex
CREATE INDEX "email_analysis_subject_key_idx" ON "email_analysis"("subject_key");

-- CreateIndex
CREATE INDEX "email_analysis_reply_keys_idx" ON "email_analysis" USING GIN ("reply_keys");

-- CreateIndex
CREATE INDEX "email_analysis_near_duplicate_group_id_idx" ON "email_analysis"("near_duplicate_group_id");

-- CreateIndex
CREATE INDEX "email_analysis_near_duplicate_bands_idx" ON "email_analysis" USING GIN ("near_duplicate_bands");

-- CreateIndex
CREATE INDEX "email_analysis_language_codes_idx" ON "email_analysis" USING GIN ("language_codes");

-- CreateIndex
CREATE INDEX "email_analysis_analysed_at_idx" ON "email_analysis"("analysed_at");

-- CreateIndex
CREATE INDEX "archived_emails_analysis_pending_idx" ON "archived_emails"("archived_at", "id") WHERE (analysis_pending);

-- AddForeignKey
ALTER TABLE "email_analysis" ADD CONSTRAINT "email_analysis_email_id_fkey" FOREIGN KEY ("email_id") REFERENCES "archived_emails"("id") ON DELETE CASCADE ON UPDATE CASCADE;
