-- The seal read and emptied audit_log_pending with whole-table scans. Every audited transaction
-- inserts and deletes its rows there, so between two vacuums the table fills with dead rows and
-- pages: 26,000 dead rows in 11 MB after a few minutes of audited writes, and the seal's two scans
-- then cost more than the rest of the transaction (610 µs of PostgreSQL CPU for a one-entry
-- transaction against 360 µs right after a VACUUM).
--
-- A transaction's pending rows are the only ones it can see (other transactions' are uncommitted,
-- or were deleted by their own seal), and the first row it inserted has the smallest position of
-- them: positions come from a sequence, and the deferred trigger fires in insertion order, so the
-- first firing's NEW.position is that row. The seal now reads and deletes from there through the
-- primary key, past only the rows of transactions still running or sealed since. Should a firing
-- ever come before an earlier row's, that row stays pending and its own firing seals it after.
--
-- The planner, which estimates the table's rows from its size in pages, would still choose a
-- sequential scan for that range: the function turns sequential scans off for its own statements
-- (a function's SET applies only while it runs).
CREATE OR REPLACE FUNCTION audit_log_seal_pending() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  chain_head text;
  sealed_at timestamptz;
  sealed_at_text text;
  entry audit_log_pending%ROWTYPE;
  entry_hash text;
BEGIN
  -- Every pending row fires this at commit; the first firing of a transaction seals all of its
  -- rows (other transactions' pending rows are invisible to it), the later ones find theirs gone.
  IF NOT EXISTS (SELECT 1 FROM audit_log_pending WHERE position = NEW.position) THEN
    RETURN NULL;
  END IF;
  -- Under REPEATABLE READ or SERIALIZABLE the head read below would use the transaction's old
  -- snapshot and fork the chain: refuse rather than write a broken link.
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'audit entries can only be committed by READ COMMITTED transactions, not %',
      current_setting('transaction_isolation') USING ERRCODE = 'invalid_transaction_state';
  END IF;
  PERFORM pg_advisory_xact_lock(7243017);
  -- Taken after the lock is granted, so timestamps follow the chain order. Millisecond precision
  -- is what the column keeps and what the hash recipe writes.
  sealed_at := date_trunc('milliseconds', clock_timestamp());
  sealed_at_text := to_char(sealed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  -- READ COMMITTED: this statement's snapshot is taken after the lock, so it sees the last commit.
  SELECT current_hash INTO chain_head FROM audit_logs ORDER BY id DESC LIMIT 1;
  FOR entry IN SELECT * FROM audit_log_pending WHERE position >= NEW.position ORDER BY position LOOP
    entry_hash := encode(sha256(convert_to(
      entry.hashed_prefix || coalesce(to_json(chain_head)::text, 'null') || entry.hashed_suffix || sealed_at_text || '"}',
      'UTF8')), 'hex');
    INSERT INTO audit_logs (previous_hash, timestamp, actor_identifier, actor_ip, action_type, target_type, target_id, details, current_hash)
    VALUES (chain_head, sealed_at, entry.actor_identifier, entry.actor_ip, entry.action_type, entry.target_type, entry.target_id, entry.details, entry_hash);
    chain_head := entry_hash;
  END LOOP;
  DELETE FROM audit_log_pending WHERE position >= NEW.position;
  RETURN NULL;
END;
$$;

-- Vacuum the pending table after every thousand deleted rows, without cost-based pauses: it is
-- small when vacuumed often, and its dead index entries are what the seal still walks past.
ALTER TABLE audit_log_pending SET (
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 1000,
  autovacuum_vacuum_insert_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 1000,
  autovacuum_vacuum_cost_delay = 0
);
