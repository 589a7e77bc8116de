-- The lifecycle walks a label's rows in email_id order, a chunk per statement
-- (src/server/retention/lifecycle/find-due-emails.ts): this index serves that walk without sorting the
-- label's rows for every chunk, and still serves lookups by label alone.
CREATE INDEX "email_retention_labels_label_id_email_id_idx" ON "email_retention_labels"("label_id", "email_id");
DROP INDEX "email_retention_labels_label_id_idx";
