-- Review analytics after a deletion (docs/ediscovery.md, "Review analytics"): the conversation
-- and near-duplicate group a deleted email belonged to are queued, in the deleting transaction,
-- for the worker to classify and regroup again. A parent that a deleted reply held is inclusive
-- again; a group whose pivot went gets a new one.
CREATE TABLE "analysis_refresh" (
    "kind" TEXT NOT NULL,
    "id" UUID NOT NULL,
    "queued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "analysis_refresh_pkey" PRIMARY KEY ("kind","id"),
    CONSTRAINT "analysis_refresh_kind_check" CHECK ("kind" IN ('conversation', 'near_duplicate_group'))
);

CREATE FUNCTION queue_analysis_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analysis_refresh (kind, id) VALUES ('conversation', OLD.conversation_id) ON CONFLICT DO NOTHING;
  IF OLD.near_duplicate_group_id IS NOT NULL THEN
    INSERT INTO analysis_refresh (kind, id) VALUES ('near_duplicate_group', OLD.near_duplicate_group_id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN OLD;
END $$;

CREATE TRIGGER email_analysis_deleted AFTER DELETE ON email_analysis
  FOR EACH ROW EXECUTE FUNCTION queue_analysis_refresh();
