-- Deduplication compares bytes (docs/archive.md, "Deduplication"): an email is a duplicate only when its
-- source, mailbox and raw SHA-256 are all equal, so a forged or reused Message-ID cannot keep a message
-- out of the archive. The unique index replaces the Message-ID based `dedupe_key`.
--
-- Existing rows stay valid: identical bytes always had the same Message-ID (or, without one, the same
-- `sha:` key), so the old unique index already allowed them once per source and mailbox. Rows written by
-- other means that repeat bytes would make the index fail; the migration then stops and says so rather
-- than deleting archived mail.
DO $$
DECLARE
  repeated bigint;
BEGIN
  SELECT count(*) INTO repeated FROM (
    SELECT 1 FROM "archived_emails"
    GROUP BY "ingestion_source_id", "user_email", "storage_hash_sha256"
    HAVING count(*) > 1
  ) AS groups;
  IF repeated > 0 THEN
    RAISE EXCEPTION 'archived_emails holds % group(s) of emails with the same source, mailbox and raw SHA-256; deduplication by bytes needs them resolved first (docs/archive.md, "Deduplication")', repeated;
  END IF;
END $$;

-- DropIndex
DROP INDEX "archived_emails_ingestion_source_id_user_email_dedupe_key_key";

-- AlterTable
ALTER TABLE "archived_emails" DROP COLUMN "dedupe_key";

-- CreateIndex
CREATE UNIQUE INDEX "archived_emails_ingestion_source_id_user_email_storage_hash_key" ON "archived_emails"("ingestion_source_id", "user_email", "storage_hash_sha256");
