-- Nothing looks export items up by email any more (a written batch is recorded by seq), and the
-- snapshot lists each email once in one statement: the index only slowed the snapshot (random inserts).
DROP INDEX "ediscovery_export_items_export_id_email_id_key";
