-- Audit entries are chained at commit time (docs/audit-log.md, "How appends are serialized").
-- A transaction writes its entries to audit_log_pending, without any lock; a deferred constraint
-- trigger seals them when the transaction commits: it takes the chain's advisory lock, reads the
-- chain head, hashes each entry onto it, moves it into audit_logs and empties the pending rows. The
-- lock is therefore held only while PostgreSQL commits, never across round trips to the
-- application, so concurrent audited writes no longer queue behind each other's statements.
--
-- The application computes the canonical JSON of everything it knows (docs/audit-log.md, "The hash
-- recipe"); the seal fills in previousHash and the timestamp, the two values only known under the
-- lock. The entry's canonical JSON is hashed_prefix || previousHash (JSON) || hashed_suffix ||
-- timestamp || '"}', where hashed_suffix ends with `"timestamp":"`.
CREATE TABLE audit_log_pending (
  position         BIGSERIAL PRIMARY KEY,
  hashed_prefix    TEXT NOT NULL,
  hashed_suffix    TEXT NOT NULL,
  actor_identifier TEXT NOT NULL,
  actor_ip         TEXT NOT NULL,
  action_type      TEXT NOT NULL,
  target_type      TEXT NOT NULL,
  target_id        TEXT NOT NULL,
  details          JSONB NOT NULL
);

CREATE FUNCTION audit_log_seal_pending() RETURNS trigger LANGUAGE plpgsql AS $$
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
  FOR entry IN SELECT * FROM audit_log_pending ORDER BY position LOOP
    entry_hash := encode(sha256(convert_to(
      entry.hashed_prefix || coalesce(to_json(chain_head)::text, 'null') || entry.hashed_suffix || sealed_at_text || '"}',
      'UTF8')), 'hex');
    INSERT INTO audit_logs (previous_hash, timestamp, actor_identifier, actor_ip, action_type, target_type, target_id, details, current_hash)
    VALUES (chain_head, sealed_at, entry.actor_identifier, entry.actor_ip, entry.action_type, entry.target_type, entry.target_id, entry.details, entry_hash);
    chain_head := entry_hash;
  END LOOP;
  DELETE FROM audit_log_pending;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER audit_log_pending_seal AFTER INSERT ON audit_log_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_log_seal_pending();
