-- A bulk restore fixes its set of emails when it starts (one row per email, in order) and records
-- each email's progress, so a run resumed after a crash restores nothing twice and skips nothing.
CREATE TABLE "restore_run_items" (
    "run_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "email_id" UUID,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "uid_next" BIGINT,
    "uid" BIGINT,

    CONSTRAINT "restore_run_items_pkey" PRIMARY KEY ("run_id","seq"),
    CONSTRAINT "restore_run_items_state" CHECK ("state" IN ('pending', 'appending', 'restored', 'failed'))
);

ALTER TABLE "restore_run_items" ADD CONSTRAINT "restore_run_items_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "restore_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
