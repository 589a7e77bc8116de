-- SMTP journaling (docs/journaling.md): the envelope the MTA delivered (MAIL FROM, RCPT TO but the journal
-- address) and the internal participants a `userEmail` role condition also matches (GIN: `&&` lookups).
-- Defaults only: adding the columns rewrites no row.
-- AlterTable
ALTER TABLE "archived_emails" ADD COLUMN     "envelope_from" TEXT,
ADD COLUMN     "envelope_recipients" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "participant_emails" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "archived_emails_participant_emails_idx" ON "archived_emails" USING GIN ("participant_emails");
