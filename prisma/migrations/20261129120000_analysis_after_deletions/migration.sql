-- Review analytics after a deletion (docs/ediscovery.md, "Review analytics"): the conversations
-- and near-duplicate groups deleted emails belonged to are queued, in the deleting transaction,
-- for the worker to classify and regroup again. A parent that a deleted reply held is inclusive
-- again; a group whose pivot went gets a new one.
CREATE TABLE "analysis_refresh" (
    "kind" TEXT NOT NULL,
    "id" UUID NOT NULL,
    "queued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "analysis_refresh_pkey" PRIMARY KEY ("kind","id"),
    CONSTRAINT "analysis_refresh_kind_check" CHECK ("kind" IN ('conversation', 'near_duplicate_group'))
);

-- Once per statement, over all the rows it deleted: a lifecycle cycle deleting thousands of emails
-- (their analysis rows go by cascade) queues each conversation and group once.
CREATE FUNCTION queue_analysis_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analysis_refresh (kind, id)
    SELECT DISTINCT 'conversation', conversation_id FROM deleted_analysis
    UNION
    SELECT DISTINCT 'near_duplicate_group', near_duplicate_group_id FROM deleted_analysis WHERE near_duplicate_group_id IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER email_analysis_deleted AFTER DELETE ON email_analysis
  REFERENCING OLD TABLE AS deleted_analysis
  FOR EACH STATEMENT EXECUTE FUNCTION queue_analysis_refresh();
