-- Near-duplicate bands are now cut by the threshold (docs/ediscovery.md, "Near-duplicates"): bands stored
-- before do not meet the new ones, so every group is dissolved and every analysed email's text analysed
-- again by the worker (places in conversations are kept), as a settings change does.
UPDATE "email_analysis" SET "near_duplicate_group_id" = NULL, "near_duplicate_similarity" = NULL, "near_duplicate_pivot" = false
  WHERE "near_duplicate_group_id" IS NOT NULL;
UPDATE "archived_emails" SET "analysis_pending" = true WHERE NOT "analysis_pending";
