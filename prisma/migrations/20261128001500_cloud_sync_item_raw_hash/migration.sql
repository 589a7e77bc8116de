-- The bytes' SHA-256 of each cloud item, so that a Gmail label added later becomes an occurrence of
-- its email without fetching it again (docs/connectors.md). Rows archived before stay NULL: the
-- connector fetches those once when a label is added to them.
ALTER TABLE "cloud_sync_items" ADD COLUMN "raw_hash" TEXT;
