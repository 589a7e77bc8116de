-- The search language's cc: and bcc: (docs/search.md) need to know which recipients were Cc and Bcc;
-- recipients and recipient_emails keep To, Cc and Bcc together (the interface's shape). Lower-cased
-- addresses. NULL = archived before this migration: the worker fills them in from the stored
-- message (fillRecipientKinds), and explain reports the emails still waiting.
ALTER TABLE archived_emails ADD COLUMN cc_emails TEXT[], ADD COLUMN bcc_emails TEXT[];
CREATE INDEX archived_emails_recipient_kinds_missing_idx ON archived_emails (id) WHERE cc_emails IS NULL;
