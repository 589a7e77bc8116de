-- The dashboard's totals (emails, bytes) and its archive growth by month, without reading the whole
-- archive on every visit (docs/archive.md, "Email counts"): at 900,000 emails the count and sum
-- took ~350 ms and the growth by month ~370 ms, each time. Statement triggers append one signed row
-- per source and UTC month of archived_at per statement, as source_email_count_deltas does for
-- the per-source counts; readers sum the rows and fold them when they pile up.
CREATE TABLE archive_stat_deltas (
  id                  BIGSERIAL PRIMARY KEY,
  ingestion_source_id UUID NOT NULL,
  month               DATE NOT NULL,
  emails              BIGINT NOT NULL,
  bytes               BIGINT NOT NULL
);
ALTER TABLE archive_stat_deltas ADD CONSTRAINT archive_stat_deltas_ingestion_source_id_fkey
  FOREIGN KEY (ingestion_source_id) REFERENCES ingestion_sources(id) ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX archive_stat_deltas_source_idx ON archive_stat_deltas (ingestion_source_id);

CREATE FUNCTION archive_stats_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO archive_stat_deltas (ingestion_source_id, month, emails, bytes)
  SELECT ingestion_source_id, date_trunc('month', archived_at AT TIME ZONE 'UTC')::date, count(*), sum(size_bytes)
    FROM added_emails GROUP BY 1, 2;
  RETURN NULL;
END;
$$;

CREATE FUNCTION archive_stats_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A source being deleted in the same statement chain is already gone; its rows go with it.
  INSERT INTO archive_stat_deltas (ingestion_source_id, month, emails, bytes)
  SELECT removed.ingestion_source_id, date_trunc('month', removed.archived_at AT TIME ZONE 'UTC')::date, -count(*), -sum(removed.size_bytes)
    FROM removed_emails removed
   WHERE EXISTS (SELECT 1 FROM ingestion_sources s WHERE s.id = removed.ingestion_source_id)
   GROUP BY 1, 2;
  RETURN NULL;
END;
$$;

-- Neither value changes once an email is archived; refusing a change keeps the kept sums exact
-- without a trigger on every UPDATE.
CREATE FUNCTION archived_email_stats_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an archived email''s archived_at and size_bytes cannot change' USING ERRCODE = 'check_violation';
END;
$$;

CREATE TRIGGER archived_emails_stats_insert AFTER INSERT ON archived_emails
  REFERENCING NEW TABLE AS added_emails FOR EACH STATEMENT EXECUTE FUNCTION archive_stats_added();
CREATE TRIGGER archived_emails_stats_delete AFTER DELETE ON archived_emails
  REFERENCING OLD TABLE AS removed_emails FOR EACH STATEMENT EXECUTE FUNCTION archive_stats_removed();
CREATE TRIGGER archived_emails_stats_fixed BEFORE UPDATE OF archived_at, size_bytes ON archived_emails
  FOR EACH ROW WHEN (OLD.archived_at IS DISTINCT FROM NEW.archived_at OR OLD.size_bytes IS DISTINCT FROM NEW.size_bytes)
  EXECUTE FUNCTION archived_email_stats_fixed();

INSERT INTO archive_stat_deltas (ingestion_source_id, month, emails, bytes)
SELECT ingestion_source_id, date_trunc('month', archived_at AT TIME ZONE 'UTC')::date, count(*), sum(size_bytes)
  FROM archived_emails GROUP BY 1, 2;
