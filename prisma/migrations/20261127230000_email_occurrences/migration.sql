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

-- The browsing counts for a caller who reads the whole archive, kept as the source counts are
-- (migration 20261123131000_source_email_counts): statement triggers on email_occurrences append one
-- signed delta per source, mailbox, folder and statement; a folder's count is the sum of its deltas,
-- which readers fold back into one row per folder once a source's have piled up.
CREATE TABLE folder_email_count_deltas (
  id                  BIGSERIAL PRIMARY KEY,
  ingestion_source_id UUID NOT NULL,
  mailbox             TEXT NOT NULL,
  folder              TEXT NOT NULL,
  delta               BIGINT NOT NULL
);
ALTER TABLE folder_email_count_deltas ADD CONSTRAINT folder_email_count_deltas_ingestion_source_id_fkey
  FOREIGN KEY (ingestion_source_id) REFERENCES ingestion_sources(id) ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX folder_email_count_deltas_source_idx ON folder_email_count_deltas (ingestion_source_id);

CREATE FUNCTION folder_email_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO folder_email_count_deltas (ingestion_source_id, mailbox, folder, delta)
  SELECT ingestion_source_id, mailbox, folder, count(*) FROM added_occurrences GROUP BY ingestion_source_id, mailbox, folder;
  RETURN NULL;
END;
$$;

CREATE FUNCTION folder_email_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A source being deleted in the same statement chain is already gone; its deltas go with it.
  INSERT INTO folder_email_count_deltas (ingestion_source_id, mailbox, folder, delta)
  SELECT removed.ingestion_source_id, removed.mailbox, removed.folder, -count(*) FROM removed_occurrences removed
   WHERE EXISTS (SELECT 1 FROM ingestion_sources s WHERE s.id = removed.ingestion_source_id)
   GROUP BY removed.ingestion_source_id, removed.mailbox, removed.folder;
  RETURN NULL;
END;
$$;

-- An occurrence is never changed, only added or removed; refusing an UPDATE keeps the counts exact.
CREATE FUNCTION email_occurrence_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an email occurrence cannot be changed' USING ERRCODE = 'check_violation';
END;
$$;

CREATE TRIGGER email_occurrences_count_insert AFTER INSERT ON email_occurrences
  REFERENCING NEW TABLE AS added_occurrences FOR EACH STATEMENT EXECUTE FUNCTION folder_email_count_added();
CREATE TRIGGER email_occurrences_count_delete AFTER DELETE ON email_occurrences
  REFERENCING OLD TABLE AS removed_occurrences FOR EACH STATEMENT EXECUTE FUNCTION folder_email_count_removed();
CREATE TRIGGER email_occurrences_fixed BEFORE UPDATE OF ingestion_source_id, mailbox, folder, email_id ON email_occurrences
  FOR EACH ROW EXECUTE FUNCTION email_occurrence_fixed();

INSERT INTO folder_email_count_deltas (ingestion_source_id, mailbox, folder, delta)
SELECT ingestion_source_id, mailbox, folder, count(*) FROM email_occurrences GROUP BY ingestion_source_id, mailbox, folder;
