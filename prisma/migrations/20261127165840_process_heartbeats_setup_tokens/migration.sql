-- Background processes' heartbeats (the system status page) and the one-time first-run setup tokens.
-- CreateTable
CREATE TABLE "process_heartbeats" (
    "id" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "hostname" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "process_heartbeats_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "setup_tokens" (
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "setup_tokens_pkey" PRIMARY KEY ("token_hash")
);

-- CreateIndex
CREATE INDEX "process_heartbeats_role_last_seen_at_idx" ON "process_heartbeats"("role", "last_seen_at");

-- The emails not searchable yet, which the system status page counts and the index catch-up looks
-- for, without scanning the whole table.
CREATE INDEX "archived_emails_not_indexed_idx" ON "archived_emails"("archived_at") WHERE NOT is_indexed;
