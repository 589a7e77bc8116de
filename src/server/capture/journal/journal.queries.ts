import { Prisma } from "@/generated/prisma/client";
import { querySql, type SqlClient } from "../../platform/db/sql-client";

/** The envelope of one more SMTP transaction that carried bytes already archived. */
export interface EnvelopeAddition {
  hashSha256: string;
  from: string;
  /** Lower-cased, as stored (emailRow). */
  recipients: string[];
  participants: string[];
}

/** The new elements of `additions` (text[]) that `existing` (text[]) lacks, in their order. */
const missing = (additions: Prisma.Sql, existing: Prisma.Sql) =>
  Prisma.sql`ARRAY(SELECT a FROM unnest(${additions}) WITH ORDINALITY AS x(a, n) WHERE a <> ALL(${existing}) ORDER BY n)`;

/** Envelope recipients no header (nor an earlier envelope) names: new Bcc recipients. */
const unnamed = Prisma.sql`${missing(Prisma.sql`r."recipients"`, Prisma.sql`ARRAY(SELECT lower(v) FROM unnest(e.recipient_emails) v)`)}`;

/**
 * Adds each addition's envelope to the email of the source and mailbox with its bytes, in one UPDATE
 * whose row locks (taken first, in hash order) serialize concurrent additions. Answers every email
 * found by hash, `changed` when it gained a recipient or participant (and was marked for indexing
 * again).
 */
export async function addEnvelopes(client: SqlClient, sourceId: string, userEmail: string, additions: EnvelopeAddition[]) {
  // The rows are locked in hash order first: two transactions adding to the same emails (two
  // listeners, two groups) then wait in one order and cannot deadlock, whatever the UPDATE's plan.
  await querySql(
    client,
    Prisma.sql`
      SELECT 1 FROM archived_emails
      WHERE ingestion_source_id = ${sourceId}::uuid AND user_email = ${userEmail}
        AND storage_hash_sha256 = ANY(${additions.map((addition) => addition.hashSha256)}::text[])
      ORDER BY storage_hash_sha256 FOR UPDATE`,
  );
  return querySql<{ id: string; hash: string; changed: boolean }>(
    client,
    Prisma.sql`
      WITH input AS MATERIALIZED (
        SELECT * FROM json_to_recordset(${JSON.stringify(additions)}::json) AS r("hashSha256" text, "from" text, "recipients" text[], "participants" text[])
      ),
      target AS (
        SELECT e.id, r."hashSha256" AS hash FROM archived_emails e JOIN input r ON e.storage_hash_sha256 = r."hashSha256"
        WHERE e.ingestion_source_id = ${sourceId}::uuid AND e.user_email = ${userEmail}
      ),
      merged AS (
        UPDATE archived_emails e SET
          envelope_from = coalesce(e.envelope_from, r."from"),
          envelope_recipients = e.envelope_recipients || ${missing(Prisma.sql`r."recipients"`, Prisma.sql`e.envelope_recipients`)},
          recipients = e.recipients || coalesce((SELECT jsonb_agg(jsonb_build_object('name', '', 'email', a, 'bcc', true) ORDER BY n)
            FROM unnest(${unnamed}) WITH ORDINALITY AS x(a, n)), '[]'::jsonb),
          recipient_emails = e.recipient_emails || ${unnamed},
          bcc_emails = CASE WHEN e.bcc_emails IS NULL THEN NULL ELSE e.bcc_emails || ${missing(unnamed, Prisma.sql`e.bcc_emails`)} END,
          participant_emails = e.participant_emails || ${missing(Prisma.sql`r."participants"`, Prisma.sql`e.participant_emails`)},
          search_vector = NULL,
          is_indexed = false
        FROM input r
        WHERE e.ingestion_source_id = ${sourceId}::uuid AND e.user_email = ${userEmail} AND e.storage_hash_sha256 = r."hashSha256"
          AND NOT (r."recipients" <@ e.envelope_recipients AND r."participants" <@ e.participant_emails)
        RETURNING e.id
      )
      SELECT t.id, t.hash, t.id IN (SELECT id FROM merged) AS changed FROM target t`,
  );
}
