import { Prisma } from "@/generated/prisma/client";
import { querySql, runSql, type SqlClient } from "../../platform/db/sql-client";

/** A run's item with what appending it needs; the email columns are null when it is gone or out of scope. */
export interface RestoreItemRow {
  seq: number;
  state: "pending" | "appending";
  uidNext: number | null;
  id: string | null;
  storagePath: string | null;
  storageHashSha256: string | null;
  sentAt: Date | null;
}

/** Adds found emails to a run's set, numbered from `firstSeq` in the given order. */
export async function insertRunItems(client: SqlClient, runId: string, firstSeq: number, emailIds: string[]): Promise<void> {
  await runSql(
    client,
    Prisma.sql`
    INSERT INTO restore_run_items (run_id, seq, email_id)
    SELECT ${runId}::uuid, ${firstSeq}::int + n::int - 1, id FROM unnest(${emailIds}::uuid[]) WITH ORDINALITY AS t(id, n)`,
  );
}

/** Copies a case export's items into a run's set (same seq); items outside `inScope` (null: everything) get no email. Returns how many. */
export async function insertExportRunItems(
  client: SqlClient,
  runId: string,
  exportId: string,
  inScope: Prisma.Sql | null,
): Promise<number> {
  return runSql(
    client,
    Prisma.sql`
    INSERT INTO restore_run_items (run_id, seq, email_id)
    SELECT ${runId}::uuid, i.seq, e.id
    FROM ediscovery_export_items i LEFT JOIN archived_emails e ON e.id = i.email_id AND ${inScope ?? Prisma.sql`TRUE`}
    WHERE i.export_id = ${exportId}::uuid`,
  );
}

/** The run's unsettled items after `afterSeq` (keyset), in seq order, with their email's stored bytes. */
export async function unsettledRunItems(client: SqlClient, runId: string, afterSeq: number, limit: number): Promise<RestoreItemRow[]> {
  return querySql<RestoreItemRow>(
    client,
    Prisma.sql`
    SELECT i.seq, i.state, i.uid_next::float8 AS "uidNext", e.id, e.storage_path AS "storagePath",
      e.storage_hash_sha256 AS "storageHashSha256", e.sent_at AS "sentAt"
    FROM restore_run_items i LEFT JOIN archived_emails e ON e.id = i.email_id
    WHERE i.run_id = ${runId}::uuid AND i.seq > ${afterSeq} AND i.state IN ('pending', 'appending')
    ORDER BY i.seq LIMIT ${limit}`,
  );
}
