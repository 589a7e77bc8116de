/**
 * Large-archive state loaded directly with SQL, for the scenarios that need scale (search, bulk
 * apply, lifecycle, audit verify): parsing a million messages through the CLI is the ingest
 * scenario's job, not a precondition of the others. Rows are generated inside PostgreSQL
 * (generate_series) with the same columns and the same tsvector weights the ingest writes.
 */
import pg from "pg";
import { auditEntryHash } from "../../src/server/audit/audit-hash";

/** Common words (as in the corpus) plus a long tail of rare ones ("k0".."k19999"). */
export const COMMON_WORDS =
  "contract invoice quarterly report budget meeting agenda proposal merger acquisition compliance audit review deadline project roadmap design release migration server outage customer renewal pricing discount legal retention policy schedule travel expense approval draft final signed confidential memo minutes forecast revenue margin hiring onboarding training security incident patch vendor supplier shipment delivery warranty claim dispute settlement".split(
    " ",
  );
export const RARE_WORDS = 20_000;
/** The word only the emails meant for the bulk-apply scenario carry in their subject. */
export const HOLD_MARKER = "matterx";
/** Emails sent before this instant are past a 20-year retention when the cycle runs. */
export const ELIGIBLE_BEFORE = "2002-01-01T00:00:00Z";
export const RETENTION_DAYS = 20 * 365;

export interface SyntheticLayout {
  rows: number;
  /** Rows 1..eligible are old enough to be deleted by the lifecycle policy. */
  eligible: number;
  /** Rows eligible+1..eligible+holdMatches carry HOLD_MARKER. */
  holdMatches: number;
}

const COMMON_ARRAY = `ARRAY[${COMMON_WORDS.map((word) => `'${word}'`).join(",")}]::text[]`;

/**
 * Word k of row i, pure arithmetic on (i, k) so that PostgreSQL generates bodies at full speed:
 * one word in five is a common word, the others are rare ("k0".."k19999").
 */
const words = (
  from: number,
  to: number,
) => `(SELECT string_agg(CASE WHEN h % 5 = 0 THEN (${COMMON_ARRAY})[(1 + (h / 5) % ${COMMON_WORDS.length})::int]
    ELSE 'k' || ((h / 5) % ${RARE_WORDS}) END, ' ')
  FROM generate_series(${from}, ${to}) AS k, LATERAL (SELECT (i * 2654435761 + k * 40503 + (i * k) % 7919) % 2147483647 AS h) AS hashed)`;

/**
 * Loads the rows with the GIN full-text index dropped and rebuilt afterwards (as a bulk load
 * would); the other indexes are maintained row by row.
 */
export async function loadSyntheticEmails(
  client: pg.Client,
  options: SyntheticLayout & { sourceId: string; chunk?: number; log: (text: string) => void },
) {
  const chunk = options.chunk ?? 50_000;
  await client.query("DROP INDEX archived_emails_search_vector_idx");
  for (let from = 1; from <= options.rows; from += chunk) {
    const to = Math.min(options.rows, from + chunk - 1);
    await client.query(
      `INSERT INTO archived_emails (id, ingestion_source_id, user_email, message_id_header, sent_at, subject, sender_name,
         sender_email, recipients, recipient_emails, cc_emails, bcc_emails, storage_path, storage_hash_sha256, size_bytes, is_indexed, has_attachments, body_text, search_vector)
       SELECT gen_random_uuid(), $1::uuid, 'bulk@bench.example', mid, sent_at, subject, sender_name, sender_email,
         jsonb_build_array(jsonb_build_object('name', 'Person ' || r, 'email', recipient)), ARRAY[recipient], '{}', '{}', 'sha256/' || hash, hash,
         octet_length(body) + 600, true, i % 5 = 0, body,
         setweight(to_tsvector('simple', subject), 'A') ||
         setweight(to_tsvector('simple', sender_name || ' ' || sender_email || ' ' || translate(sender_email, '@.', '  ')), 'B') ||
         setweight(to_tsvector('simple', recipient || ' ' || translate(recipient, '@.', '  ') || ' Person ' || r), 'B') ||
         setweight(to_tsvector('simple', body), 'C')
       FROM (
         SELECT i, '<row-' || i || '@bench.example>' AS mid,
           CASE WHEN i <= $4 THEN timestamptz '2001-01-01' + i * interval '1 second'
                ELSE timestamptz '2020-01-01' + ((i * 7919) % 157680000) * interval '1 second' END AS sent_at,
           ${words(1, 5)} ||
             CASE WHEN i > $4 AND i <= $4 + $5 THEN ' ${HOLD_MARKER}' ELSE '' END AS subject,
           'Sender ' || (i * 31 % 5000) AS sender_name, 'user' || (i * 31 % 5000) || '@corp.example' AS sender_email,
           i * 17 % 5000 AS r, 'user' || (i * 17 % 5000) || '@partner.example' AS recipient,
           md5('row-' || i) || md5('hash-' || i) AS hash,
           ${words(6, 65)} AS body
         FROM generate_series($2::bigint, $3::bigint) AS i
       ) AS row`,
      [options.sourceId, from, to, options.eligible, options.holdMatches],
    );
    options.log(`synthetic emails: ${to}/${options.rows}`);
  }
  options.log("rebuilding the full-text index");
  await client.query("SET maintenance_work_mem = '256MB'");
  await client.query(`CREATE INDEX archived_emails_search_vector_idx ON archived_emails USING GIN (search_vector)`);
  // An archive of this size has been vacuumed by autovacuum long since (inserts trigger it): its
  // rows' hint bits are set and its visibility map is current. Freshly loaded, every read of a row
  // would set them first (GET of an email cost PostgreSQL 0.75 ms a request here, 0.44 ms after a
  // vacuum), and autovacuum would start on the 800,000 new rows in the middle of the measurements.
  options.log("vacuum and analyze after the load (untimed)");
  await client.query("VACUUM (ANALYZE)");
}

const ACTIONS = ["SEARCH", "APPLY_HOLD", "VIEW_EMAIL", "LOGIN", "UPDATE_SETTINGS", "DELETE_EMAIL"];

/**
 * Extends the chain to `total` entries with valid, realistic ones (hashed exactly as appends
 * hash them), continuing from the current head, in multi-row inserts.
 */
export async function padAuditLog(client: pg.Client, options: { total: number; log: (text: string) => void }) {
  const head = await client.query<{ current_hash: string; count: string }>(
    "SELECT (SELECT current_hash FROM audit_logs ORDER BY id DESC LIMIT 1) AS current_hash, (SELECT count(*) FROM audit_logs) AS count",
  );
  let previousHash: string | null = head.rows[0].current_hash;
  const existing = Number(head.rows[0].count);
  const base = Date.UTC(2025, 0, 1);
  const batch = 10_000;
  for (let start = existing; start < options.total; start += batch) {
    const columns: string[][] = Array.from({ length: 9 }, () => []);
    for (let index = start; index < Math.min(options.total, start + batch); index++) {
      const actionType = ACTIONS[index % ACTIONS.length];
      const fields = {
        previousHash,
        timestamp: new Date(base + index * 50).toISOString(),
        actorIdentifier: `officer${index % 40}@bench.example`,
        actorIp: `10.0.${index % 250}.${(index * 7) % 250}`,
        actionType,
        targetType: actionType === "SEARCH" ? "ArchivedEmail" : "LegalHold",
        targetId: actionType === "SEARCH" ? "" : `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
        details:
          actionType === "SEARCH"
            ? { query: { query: "budget review", filters: {}, matchingStrategy: "last" }, page: 1, limit: 20, total: index % 997 }
            : { emailId: `e-${index}`, note: "synthetic" },
      };
      const currentHash = auditEntryHash(fields);
      const values = [
        fields.previousHash,
        fields.timestamp,
        fields.actorIdentifier,
        fields.actorIp,
        fields.actionType,
        fields.targetType,
        fields.targetId,
        JSON.stringify(fields.details),
        currentHash,
      ];
      values.forEach((value, column) => columns[column].push(value as string));
      previousHash = currentHash;
    }
    await client.query(
      `INSERT INTO audit_logs (previous_hash, timestamp, actor_identifier, actor_ip, action_type, target_type, target_id, details, current_hash)
       SELECT p, t::timestamptz, a, ip, act, tt, tid, d::jsonb, h
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
         WITH ORDINALITY AS x(p, t, a, ip, act, tt, tid, d, h, ord) ORDER BY ord`,
      columns,
    );
    if ((start / batch) % 10 === 0) options.log(`audit entries: ${Math.min(options.total, start + batch)}/${options.total}`);
  }
}
