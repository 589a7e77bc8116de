-- How many emails each ingestion source holds, without counting them on every request
-- (docs/archive.md, "Email counts"). Statement triggers on archived_emails append one signed delta
-- per source and statement; a source's count is the sum of its deltas. Appending never updates a
-- shared row, so concurrent imports and deletions never wait for each other here; readers fold a
-- source's deltas back into one row when they have piled up.
CREATE TABLE source_email_count_deltas (
  id                  BIGSERIAL PRIMARY KEY,
  ingestion_source_id UUID NOT NULL,
  delta               BIGINT NOT NULL
);
ALTER TABLE source_email_count_deltas ADD CONSTRAINT source_email_count_deltas_ingestion_source_id_fkey
  FOREIGN KEY (ingestion_source_id) REFERENCES ingestion_sources(id) ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX source_email_count_deltas_source_idx ON source_email_count_deltas (ingestion_source_id);

CREATE FUNCTION source_email_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO source_email_count_deltas (ingestion_source_id, delta)
  SELECT ingestion_source_id, count(*) FROM added_emails GROUP BY ingestion_source_id;
  RETURN NULL;
END;
$$;

CREATE FUNCTION source_email_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A source being deleted in the same statement chain is already gone; its deltas go with it.
  INSERT INTO source_email_count_deltas (ingestion_source_id, delta)
  SELECT removed.ingestion_source_id, -count(*) FROM removed_emails removed
   WHERE EXISTS (SELECT 1 FROM ingestion_sources s WHERE s.id = removed.ingestion_source_id)
   GROUP BY removed.ingestion_source_id;
  RETURN NULL;
END;
$$;

-- Emails never move between sources; refusing it keeps the counts exact without a trigger on
-- every UPDATE (transition tables cannot be limited to one column).
CREATE FUNCTION archived_email_source_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an archived email cannot move to another ingestion source' USING ERRCODE = 'check_violation';
END;
$$;

CREATE TRIGGER archived_emails_count_insert AFTER INSERT ON archived_emails
  REFERENCING NEW TABLE AS added_emails FOR EACH STATEMENT EXECUTE FUNCTION source_email_count_added();
CREATE TRIGGER archived_emails_count_delete AFTER DELETE ON archived_emails
  REFERENCING OLD TABLE AS removed_emails FOR EACH STATEMENT EXECUTE FUNCTION source_email_count_removed();
CREATE TRIGGER archived_emails_source_fixed BEFORE UPDATE OF ingestion_source_id ON archived_emails
  FOR EACH ROW WHEN (OLD.ingestion_source_id IS DISTINCT FROM NEW.ingestion_source_id) EXECUTE FUNCTION archived_email_source_fixed();

INSERT INTO source_email_count_deltas (ingestion_source_id, delta)
SELECT ingestion_source_id, count(*) FROM archived_emails GROUP BY ingestion_source_id;
