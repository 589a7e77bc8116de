-- Audit entries are sealed in groups after their transactions commit (docs/audit-log.md, "How
-- appends are serialized"). Until now a deferred trigger sealed each transaction's entries inside
-- its own commit, under the chain's advisory lock, which was then held through that commit's WAL
-- flush: every audited commit in every process queued behind the previous one's flush, so audited
-- writes could not scale with hosts.
--
-- Now a transaction's entries commit with its change into audit_log_pending (the rule "the entry
-- is in the same transaction as the change" is unchanged), with no lock. After its commit the
-- writer calls audit_log_seal_committed(), which takes the lock, moves every committed pending entry
-- (of every writer, in every process) into the chain and commits: one lock, one flush for a whole
-- group of transactions. The chain's order is the order of sealing; within one seal, transactions
-- in the order of their first appended entry, and each transaction's entries consecutive, in the
-- order they were appended.
DROP TRIGGER audit_log_pending_seal ON audit_log_pending;
DROP FUNCTION audit_log_seal_pending();

-- The appending transaction, so that one seal keeps its entries together.
ALTER TABLE audit_log_pending ADD COLUMN transaction_id BIGINT NOT NULL DEFAULT txid_current();

CREATE FUNCTION audit_log_seal_committed() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  chain_head text;
  sealed_at timestamptz;
  sealed_at_text text;
  entry record;
  entry_hash text;
  sealed integer := 0;
BEGIN
  -- Under REPEATABLE READ or SERIALIZABLE the head read below would use a snapshot taken before
  -- the lock and fork the chain: refuse rather than write a broken link.
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'audit entries can only be sealed in READ COMMITTED, not %',
      current_setting('transaction_isolation') USING ERRCODE = 'invalid_transaction_state';
  END IF;
  PERFORM pg_advisory_xact_lock(7243017);
  -- Taken after the lock is granted, so timestamps follow the chain order. Millisecond precision
  -- is what the column keeps and what the hash recipe writes.
  sealed_at := date_trunc('milliseconds', clock_timestamp());
  sealed_at_text := to_char(sealed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  -- READ COMMITTED: each statement's snapshot is taken after the lock, so it sees the last seal and
  -- every entry committed so far; entries of transactions still open stay for a later seal.
  SELECT current_hash INTO chain_head FROM audit_logs ORDER BY id DESC LIMIT 1;
  FOR entry IN
    WITH taken AS (DELETE FROM audit_log_pending RETURNING *)
    SELECT * FROM taken ORDER BY min(position) OVER (PARTITION BY transaction_id), position
  LOOP
    entry_hash := encode(sha256(convert_to(
      entry.hashed_prefix || coalesce(to_json(chain_head)::text, 'null') || entry.hashed_suffix || sealed_at_text || '"}',
      'UTF8')), 'hex');
    INSERT INTO audit_logs (previous_hash, timestamp, actor_identifier, actor_ip, action_type, target_type, target_id, details, current_hash)
    VALUES (chain_head, sealed_at, entry.actor_identifier, entry.actor_ip, entry.action_type, entry.target_type, entry.target_id, entry.details, entry_hash);
    chain_head := entry_hash;
    sealed := sealed + 1;
  END LOOP;
  RETURN sealed;
END;
$$;
