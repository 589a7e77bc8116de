import { Prisma } from "@/generated/prisma/client";
import { querySql, runSql, type SqlClient } from "../../platform/db/sql-client";

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
