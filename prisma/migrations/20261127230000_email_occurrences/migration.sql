-- Every occurrence of an archived email (docs/archive.md, "Occurrences"): one row per source,
-- mailbox and folder in which the same bytes were seen. The primary key leads with
-- (source, mailbox, folder) so that the browsing counts are a GROUP BY read in index order.
CREATE TABLE "email_occurrences" (
    "email_id" UUID NOT NULL,
    "ingestion_source_id" UUID NOT NULL,
    "mailbox" TEXT NOT NULL,
    "folder" TEXT NOT NULL,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "envelope_recipients" TEXT[] DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "email_occurrences_pkey" PRIMARY KEY ("ingestion_source_id","mailbox","folder","email_id")
);

-- Every email archived so far was seen at least where it is archived: its own source, mailbox and folder
-- (the folder at most 300 characters, as the ingest writes it: the key stays within a B-tree entry).
INSERT INTO "email_occurrences" ("email_id", "ingestion_source_id", "mailbox", "folder", "first_seen_at", "envelope_recipients")
SELECT "id", "ingestion_source_id", "user_email", left("path", 300), "archived_at", "envelope_recipients" FROM "archived_emails";

CREATE INDEX "email_occurrences_email_id_idx" ON "email_occurrences"("email_id");

ALTER TABLE "email_occurrences" ADD CONSTRAINT "email_occurrences_email_id_fkey" FOREIGN KEY ("email_id") REFERENCES "archived_emails"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "email_occurrences" ADD CONSTRAINT "email_occurrences_ingestion_source_id_fkey" FOREIGN KEY ("ingestion_source_id") REFERENCES "ingestion_sources"("id") ON DELETE CASCADE ON UPDATE CASCADE;
