-- Appending an entry is one function (the insert into audit_log_pending, written once), and an
-- entry that records an access changing nothing (a READ, a SEARCH: appended by a group of the
-- process, in a transaction of its own) is appended and sealed by one statement: one round trip
-- and one commit, one WAL flush, for the group, where its insert and its seal were two of each.
-- The seal's lock is taken after the insert, as by every seal, and held to the end of this
-- transaction, as every seal's is; the group's entries are visible to the seal (its own
-- transaction's) together with every entry committed meanwhile. Appended and sealed in one
-- transaction, a group whose seal fails leaves nothing behind, so it can be appended again.
CREATE FUNCTION audit_log_append(
  prefixes_given text[], suffixes_given text[], actor_identifiers_given text[], actor_ips_given text[],
  action_types_given text[], target_types_given text[], target_ids_given text[], details_given text[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- plpgsql: its statement's plan is kept for the session, as a prepared statement's is.
  INSERT INTO audit_log_pending (hashed_prefix, hashed_suffix, actor_identifier, actor_ip, action_type, target_type, target_id, details)
  SELECT hashed_prefix, hashed_suffix, actor_identifier, actor_ip, action_type, target_type, target_id, details::jsonb
  FROM unnest(prefixes_given, suffixes_given, actor_identifiers_given, actor_ips_given, action_types_given, target_types_given, target_ids_given, details_given)
    WITH ORDINALITY AS entry(hashed_prefix, hashed_suffix, actor_identifier, actor_ip, action_type, target_type, target_id, details, position)
  ORDER BY position;
END;
$$;

CREATE FUNCTION audit_log_append_and_seal(
  prefixes_given text[], suffixes_given text[], actor_identifiers_given text[], actor_ips_given text[],
  action_types_given text[], target_types_given text[], target_ids_given text[], details_given text[]
) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  PERFORM audit_log_append(prefixes_given, suffixes_given, actor_identifiers_given, actor_ips_given, action_types_given, target_types_given, target_ids_given, details_given);
  RETURN audit_log_seal_committed();
END;
$$;
