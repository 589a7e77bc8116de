-- CreateTable
CREATE TABLE "roles" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "policies" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "roles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "email_key" TEXT NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "role_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "login_throttles" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "window_start" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "blocked_until" TIMESTAMPTZ(3),

    CONSTRAINT "login_throttles_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "audit_logs" (
    "id" BIGSERIAL NOT NULL,
    "previous_hash" TEXT,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "actor_identifier" TEXT NOT NULL,
    "actor_ip" TEXT NOT NULL,
    "action_type" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "current_hash" TEXT NOT NULL,

    CONSTRAINT "audit_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "settings" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "settings_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "ingestion_sources" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'idle',
    "status_message" TEXT,
    "config" JSONB NOT NULL DEFAULT '{}',
    "last_sync_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ingestion_sources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "imap_folder_states" (
    "source_id" UUID NOT NULL,
    "folder" TEXT NOT NULL,
    "uid_validity" BIGINT NOT NULL,
    "last_uid" BIGINT NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "imap_folder_states_pkey" PRIMARY KEY ("source_id","folder")
);

-- CreateTable
CREATE TABLE "archived_emails" (
    "id" UUID NOT NULL,
    "ingestion_source_id" UUID NOT NULL,
    "user_email" TEXT NOT NULL,
    "message_id_header" TEXT NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,
    "sent_at_fallback" TEXT,
    "subject" TEXT NOT NULL DEFAULT '',
    "sender_name" TEXT NOT NULL DEFAULT '',
    "sender_email" TEXT NOT NULL DEFAULT '',
    "recipients" JSONB NOT NULL DEFAULT '[]',
    "recipient_emails" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "storage_path" TEXT NOT NULL,
    "storage_hash_sha256" TEXT NOT NULL,
    "size_bytes" BIGINT NOT NULL,
    "is_indexed" BOOLEAN NOT NULL DEFAULT false,
    "has_attachments" BOOLEAN NOT NULL DEFAULT false,
    "archived_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "path" TEXT NOT NULL DEFAULT '',
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "thread_key" TEXT,
    "in_reply_to" TEXT,
    "references" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "body_text" TEXT NOT NULL DEFAULT '',
    "search_vector" tsvector,

    CONSTRAINT "archived_emails_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "attachments" (
    "id" UUID NOT NULL,
    "email_id" UUID NOT NULL,
    "filename" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "size_bytes" BIGINT NOT NULL,
    "storage_path" TEXT NOT NULL,
    "hash_sha256" TEXT NOT NULL,
    "extracted_text" TEXT,
    "extraction_error" TEXT,

    CONSTRAINT "attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "legal_holds" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "reason" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "case_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "legal_holds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_legal_holds" (
    "email_id" UUID NOT NULL,
    "legal_hold_id" UUID NOT NULL,
    "applied_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "applied_by_user_id" TEXT,

    CONSTRAINT "email_legal_holds_pkey" PRIMARY KEY ("email_id","legal_hold_id")
);

-- CreateTable
CREATE TABLE "retention_labels" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "description" TEXT,
    "retention_period_days" INTEGER NOT NULL,
    "is_disabled" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "retention_labels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_retention_labels" (
    "email_id" UUID NOT NULL,
    "label_id" UUID NOT NULL,
    "applied_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "applied_by_user_id" TEXT NOT NULL,

    CONSTRAINT "email_retention_labels_pkey" PRIMARY KEY ("email_id")
);

-- CreateTable
CREATE TABLE "retention_policies" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "description" TEXT,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "retention_period_days" INTEGER NOT NULL,
    "is_enabled" BOOLEAN NOT NULL DEFAULT true,
    "conditions" JSONB,
    "ingestion_source_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "retention_policies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lifecycle_cycles" (
    "id" UUID NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    "evaluated" INTEGER NOT NULL DEFAULT 0,
    "deleted" INTEGER NOT NULL DEFAULT 0,
    "protected_by_hold" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "duration_ms" INTEGER,
    "failures" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "lifecycle_cycles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "jobs" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'queued',
    "run_after" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "locked_at" TIMESTAMPTZ(3),
    "locked_by" TEXT,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "roles_slug_key" ON "roles"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key_key" ON "users"("email_key");

-- CreateIndex
CREATE INDEX "users_role_id_idx" ON "users"("role_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys"("key_hash");

-- CreateIndex
CREATE INDEX "api_keys_user_id_idx" ON "api_keys"("user_id");

-- CreateIndex
CREATE INDEX "audit_logs_timestamp_idx" ON "audit_logs"("timestamp");

-- CreateIndex
CREATE INDEX "audit_logs_actor_identifier_idx" ON "audit_logs"("actor_identifier");

-- CreateIndex
CREATE INDEX "audit_logs_action_type_idx" ON "audit_logs"("action_type");

-- CreateIndex
CREATE UNIQUE INDEX "ingestion_sources_name_key_key" ON "ingestion_sources"("name_key");

-- CreateIndex
CREATE INDEX "archived_emails_ingestion_source_id_archived_at_id_idx" ON "archived_emails"("ingestion_source_id", "archived_at", "id");

-- CreateIndex
CREATE INDEX "archived_emails_sent_at_id_idx" ON "archived_emails"("sent_at", "id");

-- CreateIndex
CREATE INDEX "archived_emails_thread_key_idx" ON "archived_emails"("thread_key");

-- CreateIndex
CREATE INDEX "archived_emails_storage_hash_sha256_idx" ON "archived_emails"("storage_hash_sha256");

-- CreateIndex
CREATE INDEX "archived_emails_sender_email_idx" ON "archived_emails"("sender_email");

-- CreateIndex
CREATE INDEX "archived_emails_search_vector_idx" ON "archived_emails" USING GIN ("search_vector");

-- CreateIndex
CREATE UNIQUE INDEX "archived_emails_ingestion_source_id_user_email_dedupe_key_key" ON "archived_emails"("ingestion_source_id", "user_email", "dedupe_key");

-- CreateIndex
CREATE INDEX "attachments_email_id_idx" ON "attachments"("email_id");

-- CreateIndex
CREATE INDEX "attachments_hash_sha256_idx" ON "attachments"("hash_sha256");

-- CreateIndex
CREATE UNIQUE INDEX "legal_holds_name_key_key" ON "legal_holds"("name_key");

-- CreateIndex
CREATE INDEX "legal_holds_created_at_idx" ON "legal_holds"("created_at");

-- CreateIndex
CREATE INDEX "email_legal_holds_legal_hold_id_idx" ON "email_legal_holds"("legal_hold_id");

-- CreateIndex
CREATE UNIQUE INDEX "retention_labels_name_key_key" ON "retention_labels"("name_key");

-- CreateIndex
CREATE INDEX "retention_labels_created_at_idx" ON "retention_labels"("created_at");

-- CreateIndex
CREATE INDEX "email_retention_labels_label_id_idx" ON "email_retention_labels"("label_id");

-- CreateIndex
CREATE UNIQUE INDEX "retention_policies_name_key_key" ON "retention_policies"("name_key");

-- CreateIndex
CREATE INDEX "lifecycle_cycles_started_at_idx" ON "lifecycle_cycles"("started_at");

-- CreateIndex
CREATE INDEX "jobs_status_run_after_idx" ON "jobs"("status", "run_after");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "imap_folder_states" ADD CONSTRAINT "imap_folder_states_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "ingestion_sources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archived_emails" ADD CONSTRAINT "archived_emails_ingestion_source_id_fkey" FOREIGN KEY ("ingestion_source_id") REFERENCES "ingestion_sources"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_email_id_fkey" FOREIGN KEY ("email_id") REFERENCES "archived_emails"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_legal_holds" ADD CONSTRAINT "email_legal_holds_email_id_fkey" FOREIGN KEY ("email_id") REFERENCES "archived_emails"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_legal_holds" ADD CONSTRAINT "email_legal_holds_legal_hold_id_fkey" FOREIGN KEY ("legal_hold_id") REFERENCES "legal_holds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_retention_labels" ADD CONSTRAINT "email_retention_labels_email_id_fkey" FOREIGN KEY ("email_id") REFERENCES "archived_emails"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_retention_labels" ADD CONSTRAINT "email_retention_labels_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "retention_labels"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
