-- Search filters and role scopes compare addresses case-insensitively (lower(...) = value); a plain
-- index on the column cannot serve that, so a sender filter fell back to the full-text match of the
-- query's first word (seconds at a million emails).
CREATE INDEX "archived_emails_lower_sender_email_idx" ON "archived_emails" (lower("sender_email"));
CREATE INDEX "archived_emails_lower_user_email_idx" ON "archived_emails" (lower("user_email"));
