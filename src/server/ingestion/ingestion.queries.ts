import { Prisma } from "@/generated/prisma/client";
import { querySql, runSql, type SqlClient } from "../db/sql-client";

/** Which of the raw message hashes are already archived for this source and mailbox (spares storing known duplicates). */
export async function archivedRawHashes(
  client: SqlClient,
  options: { sourceId: string; userEmail: string; hashes: string[] },
): Promise<Set<string>> {
  if (options.hashes.length === 0) return new Set();
  const rows = await querySql<{ hash: string }>(
    client,
    Prisma.sql`
    SELECT storage_hash_sha256 AS hash FROM archived_emails
    WHERE ingestion_source_id = ${options.sourceId}::uuid AND user_email = ${options.userEmail} AND storage_hash_sha256 = ANY(${options.hashes}::text[])`,
  );
  return new Set(rows.map((row) => row.hash));
}

/** Emails archived before their Cc and Bcc addresses were kept, after `after` in id order (keyset). */
export async function emailsWithoutRecipientKinds(client: SqlClient, after: string, limit: number) {
  return querySql<{ id: string; storagePath: string }>(
    client,
    Prisma.sql`
    SELECT id, storage_path AS "storagePath" FROM archived_emails
    WHERE cc_emails IS NULL AND id > ${after}::uuid ORDER BY id LIMIT ${limit}`,
  );
}

/** Records the Cc and Bcc addresses of emails that have none yet; returns how many were filled. */
export async function setRecipientKinds(client: SqlClient, kinds: { id: string; cc: string[]; bcc: string[] }[]): Promise<number> {
  return runSql(
    client,
    Prisma.sql`
    UPDATE archived_emails e SET cc_emails = k.cc, bcc_emails = k.bcc
    FROM jsonb_to_recordset(${JSON.stringify(kinds)}::jsonb) AS k(id uuid, cc text[], bcc text[])
    WHERE e.id = k.id AND e.cc_emails IS NULL`,
  );
}
