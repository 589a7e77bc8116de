-- A hold's email list walks its links newest first (keyset on applied_at, email_id); the index
-- serves that order directly instead of sorting all of a large hold's links on every page.
-- DropIndex
DROP INDEX "email_legal_holds_legal_hold_id_idx";

-- CreateIndex
CREATE INDEX "email_legal_holds_legal_hold_id_applied_at_email_id_idx" ON "email_legal_holds"("legal_hold_id", "applied_at" DESC, "email_id" DESC);
