-- The audit log is append-only for everyone who uses the table through its normal privileges:
-- UPDATE, DELETE and TRUNCATE are refused by triggers. Only the table's owner can switch them off
-- (ALTER TABLE ... DISABLE TRIGGER), so an application role that does not own the table (the
-- recommended production grant, docs/security.md) cannot rewrite history even with arbitrary SQL.
CREATE FUNCTION audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_logs is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_logs_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only();

CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs
  FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_append_only();
