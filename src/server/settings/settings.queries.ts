import { Prisma } from "@/generated/prisma/client";
import { runSql, type SqlClient } from "../platform/db/sql-client";

/** Serializes concurrent settings updates until the transaction ends, so each audit entry's "from" is the value it replaced. */
export async function lockSettings(client: SqlClient): Promise<void> {
  await runSql(client, Prisma.sql`SELECT pg_advisory_xact_lock(hashtext('settings'))`);
}
