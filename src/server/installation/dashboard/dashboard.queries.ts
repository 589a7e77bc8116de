import { Prisma } from "@/generated/prisma/client";
import { queryOne, querySql, type SqlClient } from "../../platform/db/sql-client";

/** Emails `visible` lets through that an active legal hold holds. */
export async function countVisibleEmailsOnHold(client: SqlClient, visible: Prisma.Sql): Promise<number> {
  const row = await queryOne<{ n: string }>(
    client,
    Prisma.sql`
    SELECT count(DISTINCT link.email_id)::text AS n FROM email_legal_holds link
    JOIN legal_holds hold ON hold.id = link.legal_hold_id JOIN archived_emails e ON e.id = link.email_id
    WHERE hold.is_active AND ${visible}`,
  );
  return Number(row!.n);
}

/** Every source's status fields, oldest first. */
export async function selectSourceStatuses(client: SqlClient) {
  return querySql<{ id: string; name: string; provider: string; status: string; status_message: string | null }>(
    client,
    Prisma.sql`SELECT s.id, s.name, s.provider, s.status, s.status_message FROM ingestion_sources s ORDER BY s.created_at`,
  );
}
