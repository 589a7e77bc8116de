import { Prisma } from "@/generated/prisma/client";
import { queryOne, runSql, type SqlClient } from "../platform/db/sql-client";
import type { Provider } from "./ingestion-sources.schemas";

export interface LockedSource {
  id: string;
  name: string;
  provider: Provider;
  config: Record<string, unknown>;
}

/** The source, locked FOR UPDATE until the caller's transaction ends; null when there is none. */
export async function lockSourceForUpdate(client: SqlClient, id: string): Promise<LockedSource | null> {
  return queryOne<LockedSource>(
    client,
    Prisma.sql`SELECT id, name, provider, config FROM ingestion_sources WHERE id = ${id}::uuid FOR UPDATE`,
  );
}

export async function sourceHasEmails(client: SqlClient, id: string): Promise<boolean> {
  const row = await queryOne<{ has_emails: boolean }>(
    client,
    Prisma.sql`SELECT EXISTS (SELECT 1 FROM archived_emails e WHERE e.ingestion_source_id = ${id}::uuid) AS has_emails`,
  );
  return row!.has_emails;
}

/** Deletes the source row; the foreign key from archived_emails (ON DELETE RESTRICT) refuses it while it has emails. */
export async function deleteSourceRow(client: SqlClient, id: string): Promise<void> {
  await runSql(client, Prisma.sql`DELETE FROM ingestion_sources WHERE id = ${id}::uuid`);
}
