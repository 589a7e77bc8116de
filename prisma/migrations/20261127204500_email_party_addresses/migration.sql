-- Custodians match their mail wherever it was captured (docs/ediscovery.md, "How custodians match"):
-- an eDiscovery case narrowed to custodians selects the emails whose mailbox, sender, To/Cc/Bcc
-- recipient, journal envelope recipient or journaled participant is one of them. The addresses of
-- one email, folded as archive-scope.ts folds them (ASCII letters to lowercase: lower() under the C
-- collation), without empty values (duplicates do no harm to `&&`); the GIN index below serves `&&` on it, so a case
-- search narrowed to a few custodians reads their emails from the index instead of every row.
-- Changing the function needs the index dropped and created again.
CREATE FUNCTION email_party_addresses(mailbox text, sender text, recipients text[], envelope_recipients text[], participants text[])
  RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 500
  RETURN ARRAY(
    SELECT lower(address COLLATE "C")
    FROM unnest(ARRAY[mailbox, sender] || coalesce(recipients, '{}') || coalesce(envelope_recipients, '{}') || coalesce(participants, '{}')) AS address
    WHERE address <> ''
  );

CREATE INDEX "archived_emails_party_addresses_idx" ON "archived_emails"
  USING GIN (email_party_addresses("user_email", "sender_email", "recipient_emails", "envelope_recipients", "participant_emails"));
