-- Disposition review (docs/retention.md): a rule may send its due emails to a reviewer instead of
-- deleting them; email_dispositions records each review once (open_email_id is unique).
-- AlterTable
ALTER TABLE "lifecycle_cycles" ADD COLUMN     "awaiting_review" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "retention_labels" ADD COLUMN     "disposition_action" TEXT NOT NULL DEFAULT 'delete',
ADD COLUMN     "reviewer_ids" UUID[] DEFAULT ARRAY[]::UUID[],
ADD COLUMN     "reviewer_role_id" UUID;

-- AlterTable
ALTER TABLE "retention_policies" ADD COLUMN     "disposition_action" TEXT NOT NULL DEFAULT 'delete',
ADD COLUMN     "reviewer_ids" UUID[] DEFAULT ARRAY[]::UUID[],
ADD COLUMN     "reviewer_role_id" UUID;

-- CreateTable
CREATE TABLE "email_dispositions" (
    "id" UUID NOT NULL,
    "email_id" UUID NOT NULL,
    "open_email_id" UUID,
    "rule_type" TEXT NOT NULL,
    "rule_id" UUID NOT NULL,
    "rule_name" TEXT NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_in_cycle_id" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "decided_by_user_id" UUID,
    "decided_by_email" TEXT,
    "comment" TEXT,
    "extended_until" TIMESTAMPTZ(3),
    "relabeled_to_label_id" UUID,
    "destroyed_at" TIMESTAMPTZ(3),
    "destroyed_in_cycle_id" UUID,
    "storage_hash_sha256" TEXT,

    CONSTRAINT "email_dispositions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "email_dispositions_open_email_id_key" ON "email_dispositions"("open_email_id");

-- CreateIndex
CREATE INDEX "email_dispositions_email_id_idx" ON "email_dispositions"("email_id");

-- CreateIndex
CREATE INDEX "email_dispositions_status_due_at_idx" ON "email_dispositions"("status", "due_at");

-- CreateIndex
CREATE INDEX "email_dispositions_destroyed_at_idx" ON "email_dispositions"("destroyed_at");

-- AddForeignKey
ALTER TABLE "retention_labels" ADD CONSTRAINT "retention_labels_reviewer_role_id_fkey" FOREIGN KEY ("reviewer_role_id") REFERENCES "roles"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "retention_policies" ADD CONSTRAINT "retention_policies_reviewer_role_id_fkey" FOREIGN KEY ("reviewer_role_id") REFERENCES "roles"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The rules the application relies on, held by the database.
ALTER TABLE "retention_labels" ADD CONSTRAINT "retention_labels_disposition_action_check" CHECK ("disposition_action" IN ('delete', 'review'));
ALTER TABLE "retention_policies" ADD CONSTRAINT "retention_policies_disposition_action_check" CHECK ("disposition_action" IN ('delete', 'review'));
ALTER TABLE "email_dispositions" ADD CONSTRAINT "email_dispositions_status_check" CHECK ("status" IN ('pending', 'approved', 'extended', 'relabeled'));
ALTER TABLE "email_dispositions" ADD CONSTRAINT "email_dispositions_open_email_check" CHECK ("open_email_id" IS NULL OR "open_email_id" = "email_id");
ALTER TABLE "email_dispositions" ADD CONSTRAINT "email_dispositions_rule_type_check" CHECK ("rule_type" IN ('label', 'policy'));
