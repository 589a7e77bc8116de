-- eDiscovery (docs/ediscovery.md): cases, their members, saved searches, review tags and exports.
-- A legal hold's case_id now names a case (foreign key). Holds created before this migration may
-- carry a case_id that names nothing: each such id becomes a case of its own ("Case <id>"), so no
-- hold loses its link and the key can be enforced.
-- CreateTable
CREATE TABLE "ediscovery_cases" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "description" TEXT,
    "status" TEXT NOT NULL DEFAULT 'open',
    "custodians" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "ediscovery_cases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ediscovery_case_members" (
    "case_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,

    CONSTRAINT "ediscovery_case_members_pkey" PRIMARY KEY ("case_id","user_id")
);

-- CreateTable
CREATE TABLE "ediscovery_saved_searches" (
    "id" UUID NOT NULL,
    "case_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "search_query" JSONB NOT NULL,
    "ignore_custodians" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_run_at" TIMESTAMPTZ(3),
    "last_count" INTEGER,

    CONSTRAINT "ediscovery_saved_searches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ediscovery_tags" (
    "id" UUID NOT NULL,
    "case_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ediscovery_tags_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ediscovery_tagged_emails" (
    "tag_id" UUID NOT NULL,
    "email_id" UUID NOT NULL,
    "applied_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "applied_by_user_id" TEXT,

    CONSTRAINT "ediscovery_tagged_emails_pkey" PRIMARY KEY ("tag_id","email_id")
);

-- CreateTable
CREATE TABLE "ediscovery_exports" (
    "id" UUID NOT NULL,
    "case_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "format" TEXT NOT NULL,
    "source" JSONB NOT NULL,
    "query_used" JSONB NOT NULL,
    "scope" JSONB,
    "include_attachment_text" BOOLEAN NOT NULL DEFAULT false,
    "total_items" INTEGER NOT NULL DEFAULT 0,
    "processed_items" INTEGER NOT NULL DEFAULT 0,
    "bytes" BIGINT NOT NULL DEFAULT 0,
    "manifest_sha256" TEXT,
    "error" TEXT,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "locked_at" TIMESTAMPTZ(3),
    "locked_by" TEXT,

    CONSTRAINT "ediscovery_exports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ediscovery_export_items" (
    "export_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "email_id" UUID NOT NULL,
    "message_id" TEXT NOT NULL,
    "storage_path" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "size_bytes" BIGINT NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,
    "from_address" TEXT NOT NULL,
    "to_addresses" TEXT,
    "cc_addresses" TEXT,
    "subject" TEXT NOT NULL,
    "mailbox" TEXT NOT NULL,
    "ingestion_source_id" UUID NOT NULL,

    CONSTRAINT "ediscovery_export_items_pkey" PRIMARY KEY ("export_id","seq")
);

-- CreateIndex
CREATE UNIQUE INDEX "ediscovery_cases_name_key_key" ON "ediscovery_cases"("name_key");

-- CreateIndex
CREATE INDEX "ediscovery_cases_created_at_idx" ON "ediscovery_cases"("created_at");

-- CreateIndex
CREATE INDEX "ediscovery_case_members_user_id_idx" ON "ediscovery_case_members"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "ediscovery_saved_searches_case_id_name_key_key" ON "ediscovery_saved_searches"("case_id", "name_key");

-- CreateIndex
CREATE UNIQUE INDEX "ediscovery_tags_case_id_name_key_key" ON "ediscovery_tags"("case_id", "name_key");

-- CreateIndex
CREATE INDEX "ediscovery_tagged_emails_email_id_idx" ON "ediscovery_tagged_emails"("email_id");

-- CreateIndex
CREATE INDEX "ediscovery_exports_case_id_created_at_idx" ON "ediscovery_exports"("case_id", "created_at");

-- CreateIndex
CREATE INDEX "ediscovery_exports_status_created_at_idx" ON "ediscovery_exports"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "ediscovery_export_items_export_id_email_id_key" ON "ediscovery_export_items"("export_id", "email_id");

-- CreateIndex
CREATE INDEX "legal_holds_case_id_idx" ON "legal_holds"("case_id");

-- Holds' case ids that named nothing before cases existed.
INSERT INTO "ediscovery_cases" ("id", "name", "name_key", "status")
SELECT DISTINCT h.case_id, 'Case ' || h.case_id::text, 'case ' || h.case_id::text, 'open'
FROM "legal_holds" h WHERE h.case_id IS NOT NULL;

ALTER TABLE "ediscovery_cases" ADD CONSTRAINT "ediscovery_cases_status_check" CHECK ("status" IN ('open', 'closed'));
ALTER TABLE "ediscovery_exports" ADD CONSTRAINT "ediscovery_exports_status_check"
  CHECK ("status" IN ('queued', 'running', 'completed', 'failed', 'cancelled'));
ALTER TABLE "ediscovery_exports" ADD CONSTRAINT "ediscovery_exports_format_check" CHECK ("format" IN ('eml', 'mbox'));

-- AddForeignKey
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "ediscovery_cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ediscovery_case_members" ADD CONSTRAINT "ediscovery_case_members_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "ediscovery_cases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ediscovery_case_members" ADD CONSTRAINT "ediscovery_case_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ediscovery_saved_searches" ADD CONSTRAINT "ediscovery_saved_searches_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "ediscovery_cases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ediscovery_tags" ADD CONSTRAINT "ediscovery_tags_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "ediscovery_cases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ediscovery_tagged_emails" ADD CONSTRAINT "ediscovery_tagged_emails_tag_id_fkey" FOREIGN KEY ("tag_id") REFERENCES "ediscovery_tags"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ediscovery_tagged_emails" ADD CONSTRAINT "ediscovery_tagged_emails_email_id_fkey" FOREIGN KEY ("email_id") REFERENCES "archived_emails"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ediscovery_exports" ADD CONSTRAINT "ediscovery_exports_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "ediscovery_cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ediscovery_export_items" ADD CONSTRAINT "ediscovery_export_items_export_id_fkey" FOREIGN KEY ("export_id") REFERENCES "ediscovery_exports"("id") ON DELETE CASCADE ON UPDATE CASCADE;
