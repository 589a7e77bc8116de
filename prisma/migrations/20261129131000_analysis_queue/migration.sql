-- The emails the worker's review analytics has not reached yet (docs/ediscovery.md, "Review
-- analytics") move from a flag on archived_emails to a queue of their own. Clearing the flag
-- wrote a new version of every analysed email's row, with new entries in each of its indexes
-- (the full-text index among them) and a dead row for vacuum; taking an email off the queue
-- deletes one narrow row. Every inserted email is queued by a trigger, whoever inserts it (the
-- store, a restore, a bulk load); a deleted email leaves the queue with it.
CREATE TABLE "analysis_queue" (
    "email_id" UUID NOT NULL,
    "archived_at" TIMESTAMPTZ(3) NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "analysis_queue_pkey" PRIMARY KEY ("email_id")
);

-- The analysis takes the oldest archived first.
CREATE INDEX "analysis_queue_archived_at_sent_at_email_id_idx" ON "analysis_queue"("archived_at", "sent_at", "email_id");

ALTER TABLE "analysis_queue" ADD CONSTRAINT "analysis_queue_email_id_fkey" FOREIGN KEY ("email_id") REFERENCES "archived_emails"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "analysis_queue" ("email_id", "archived_at", "sent_at")
  SELECT "id", "archived_at", "sent_at" FROM "archived_emails" WHERE "analysis_pending";

DROP INDEX "archived_emails_analysis_pending_idx";
ALTER TABLE "archived_emails" DROP COLUMN "analysis_pending";

CREATE FUNCTION queue_email_analysis() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analysis_queue (email_id, archived_at, sent_at) VALUES (NEW.id, NEW.archived_at, NEW.sent_at);
  RETURN NULL;
END;
$$;

-- Row by row: a statement-level trigger would copy every inserted row, bodies and all, into its transition table.
CREATE TRIGGER archived_emails_queue_analysis AFTER INSERT ON "archived_emails"
  FOR EACH ROW EXECUTE FUNCTION queue_email_analysis();
