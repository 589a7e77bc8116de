-- Legal-hold protection is lifted only by someone allowed to manage holds (issue 34, item 2;
-- docs/retention.md "Who may lift a hold"). Every way protection can go away in the database is
-- refused here unless the transaction was authorized by src/server/retention/holds/hold-release.ts,
-- which checks the caller's permission first and then sets `archive.hold_release_by` for the rest of
-- the transaction only (set_config(..., true)):
--   * a hold going from active to inactive (UPDATE legal_holds ... is_active = false);
--   * a hold row deleted (whatever its state: its links go with it);
--   * a link of an ACTIVE hold deleted, directly or by a cascade (an email deleted under a hold);
--   * a link moved to another email (it never moves), TRUNCATE of either table.
-- A side door (a new code path, a cascade, hand-written SQL through the application's connection)
-- therefore fails instead of lifting protection silently.

CREATE FUNCTION hold_release_authorized() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('archive.hold_release_by', true), '') <> ''
$$;

CREATE FUNCTION legal_hold_release_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT hold_release_authorized() THEN
    RAISE EXCEPTION 'legal hold "%": % would lift its protection, which only a hold manager may do', OLD.name,
      CASE WHEN TG_OP = 'DELETE' THEN 'deleting it' ELSE 'deactivating it' END
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;

CREATE FUNCTION hold_links_release_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held text;
BEGIN
  IF hold_release_authorized() THEN RETURN NULL; END IF;
  -- A hold deleted in the same statement chain is gone already (its own deletion was guarded).
  SELECT string_agg(DISTINCT h.name, ', ') INTO held
    FROM removed_links r JOIN legal_holds h ON h.id = r.legal_hold_id WHERE h.is_active;
  IF held IS NOT NULL THEN
    RAISE EXCEPTION 'removing links of active legal hold(s) % would lift their protection, which only a hold manager may do', held
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION hold_link_email_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a hold link cannot move to another email' USING ERRCODE = 'check_violation';
END;
$$;

CREATE FUNCTION hold_tables_truncate_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT hold_release_authorized() THEN
    RAISE EXCEPTION 'TRUNCATE % would lift legal-hold protection, which only a hold manager may do', TG_TABLE_NAME
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER legal_holds_deactivation_guard BEFORE UPDATE ON legal_holds
  FOR EACH ROW WHEN (OLD.is_active AND NOT NEW.is_active) EXECUTE FUNCTION legal_hold_release_guard();
CREATE TRIGGER legal_holds_deletion_guard BEFORE DELETE ON legal_holds
  FOR EACH ROW EXECUTE FUNCTION legal_hold_release_guard();
CREATE TRIGGER legal_holds_truncate_guard BEFORE TRUNCATE ON legal_holds
  FOR EACH STATEMENT EXECUTE FUNCTION hold_tables_truncate_guard();

CREATE TRIGGER email_legal_holds_release_guard AFTER DELETE ON email_legal_holds
  REFERENCING OLD TABLE AS removed_links FOR EACH STATEMENT EXECUTE FUNCTION hold_links_release_guard();
CREATE TRIGGER email_legal_holds_email_fixed BEFORE UPDATE OF email_id ON email_legal_holds
  FOR EACH ROW WHEN (OLD.email_id IS DISTINCT FROM NEW.email_id) EXECUTE FUNCTION hold_link_email_fixed();
CREATE TRIGGER email_legal_holds_truncate_guard BEFORE TRUNCATE ON email_legal_holds
  FOR EACH STATEMENT EXECUTE FUNCTION hold_tables_truncate_guard();
