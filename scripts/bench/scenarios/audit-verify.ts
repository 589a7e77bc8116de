import pg from "pg";
import { auditEntryCanonicalJson } from "../../../src/server/audit/audit-hash";
import { sha256Hex } from "../../../src/server/platform/crypto/sha256";
import { verifyAuditLog } from "../../../src/server/audit/verify-audit-log";

/** The whole chain through the verification the REST route runs. */
export async function auditVerifyScenario() {
  const started = performance.now();
  const result = await verifyAuditLog();
  return { seconds: (performance.now() - started) / 1000, ...result };
}

/**
 * Verification's ceiling: SHA-256 over the same canonical bytes. The rows are read and their
 * canonical JSON built and encoded untimed, batch by batch (constant memory); only the hashing is
 * timed. `stringSeconds` hashes the strings as built instead, as this baseline used to: V8 then
 * first flattens each string (a rope of ~20 concatenated parts), which is not SHA-256's cost (it
 * added 11-44% at 1M entries on the development VM).
 */
export async function auditHashBaseline() {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  let entries = 0;
  let bytes = 0;
  let hashMs = 0;
  let stringHashMs = 0;
  let after = "0";
  for (;;) {
    const { rows } = await client.query(
      `SELECT id, previous_hash, to_char("timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ts, actor_identifier, actor_ip,
              action_type, target_type, target_id, details FROM audit_logs WHERE id > $1::bigint ORDER BY id LIMIT 20000`,
      [after],
    );
    if (rows.length === 0) break;
    const texts = rows.map((row) =>
      auditEntryCanonicalJson({
        previousHash: row.previous_hash,
        timestamp: row.ts,
        actorIdentifier: row.actor_identifier,
        actorIp: row.actor_ip,
        actionType: row.action_type,
        targetType: row.target_type,
        targetId: row.target_id,
        details: row.details,
      }),
    );
    const encoded = texts.map((text) => Buffer.from(text, "utf8"));
    let started = performance.now();
    for (const data of encoded) sha256Hex(data);
    hashMs += performance.now() - started;
    started = performance.now();
    for (const text of texts) sha256Hex(text);
    stringHashMs += performance.now() - started;
    entries += texts.length;
    for (const data of encoded) bytes += data.length;
    after = rows[rows.length - 1].id;
  }
  await client.end();
  return { entries, bytes, seconds: hashMs / 1000, stringSeconds: stringHashMs / 1000 };
}
