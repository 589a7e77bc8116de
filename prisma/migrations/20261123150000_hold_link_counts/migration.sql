-- How many emails each legal hold links, without counting its links on every hold list (a hold
-- applied in bulk links 100,000 emails): the same scheme as source_email_count_deltas (migration
-- 20261123131000). Statement triggers on email_legal_holds append one signed delta per hold and
-- statement (a cascade from deleted emails fires once per statement too); a hold's count is the sum
-- of its deltas; readers fold them back into one row when they pile up (src/server/platform/db/kept-counts.ts).
CREATE TABLE legal_hold_link_count_deltas (
  id            BIGSERIAL PRIMARY KEY,
  legal_hold_id UUID NOT NULL,
  delta         BIGINT NOT NULL
);
ALTER TABLE legal_hold_link_count_deltas ADD CONSTRAINT legal_hold_link_count_deltas_legal_hold_id_fkey
  FOREIGN KEY (legal_hold_id) REFERENCES legal_holds(id) ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX legal_hold_link_count_deltas_hold_idx ON legal_hold_link_count_deltas (legal_hold_id);

CREATE FUNCTION hold_link_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO legal_hold_link_count_deltas (legal_hold_id, delta)
  SELECT legal_hold_id, count(*) FROM added_links GROUP BY legal_hold_id;
  RETURN NULL;
END;
$$;

CREATE FUNCTION hold_link_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A hold deleted by the same statement chain is already gone; its deltas went with it.
  INSERT INTO legal_hold_link_count_deltas (legal_hold_id, delta)
  SELECT removed.legal_hold_id, -count(*) FROM removed_links removed
   WHERE EXISTS (SELECT 1 FROM legal_holds h WHERE h.id = removed.legal_hold_id)
   GROUP BY removed.legal_hold_id;
  RETURN NULL;
END;
$$;

-- A link never moves to another hold (it is deleted and another inserted); refusing it keeps the
-- counts exact without a trigger on every UPDATE.
CREATE FUNCTION hold_link_hold_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a hold link cannot move to another legal hold' USING ERRCODE = 'check_violation';
END;
$$;

CREATE TRIGGER email_legal_holds_count_insert AFTER INSERT ON email_legal_holds
  REFERENCING NEW TABLE AS added_links FOR EACH STATEMENT EXECUTE FUNCTION hold_link_count_added();
CREATE TRIGGER email_legal_holds_count_delete AFTER DELETE ON email_legal_holds
  REFERENCING OLD TABLE AS removed_links FOR EACH STATEMENT EXECUTE FUNCTION hold_link_count_removed();
CREATE TRIGGER email_legal_holds_hold_fixed BEFORE UPDATE OF legal_hold_id ON email_legal_holds
  FOR EACH ROW WHEN (OLD.legal_hold_id IS DISTINCT FROM NEW.legal_hold_id) EXECUTE FUNCTION hold_link_hold_fixed();

INSERT INTO legal_hold_link_count_deltas (legal_hold_id, delta)
SELECT legal_hold_id, count(*) FROM email_legal_holds GROUP BY legal_hold_id;
