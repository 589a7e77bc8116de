-- The emails with attachments, newest first: a search filtered to them walks only them
-- (walkedNewestPage), where a walk of every email could read a whole recent import of mail
-- without attachments before reaching the first. A fifth of the archive, so a small index.
-- Its predicate is written `IS TRUE`, as walks write the filter; listings write `= true`, which
-- the planner does not match to it (it would AND all of its entries into the words' GIN bitmap).
CREATE INDEX "archived_emails_with_attachments_sent_at_id_idx" ON "archived_emails"("sent_at", "id") WHERE has_attachments IS TRUE;
