import { Prisma } from "@/generated/prisma/client";
import { queryOne, runSql, type SqlClient } from "../../platform/db/sql-client";

/** Serializes, until the transaction ends, what depends on how many users exist (setup, deleting the last user, the last administrator). */
export async function lockUserCount(client: SqlClient): Promise<void> {
  await runSql(client, Prisma.sql`SELECT pg_advisory_xact_lock(7243018::bigint)`);
}

/** A role's policies grant manage:all (conditions never apply to it: they are allowed on `archive` only). */
const MANAGE_ALL = Prisma.sql`r.policies @> '[{"action":"manage","subject":"all"}]'::jsonb`;

/** Whether the user holds manage:all, and how many other enabled users do. */
export async function administratorCounts(client: SqlClient, userId: string): Promise<{ isAdmin: boolean; others: bigint }> {
  const row = await queryOne<{ is_admin: boolean; others: bigint }>(
    client,
    Prisma.sql`
    SELECT EXISTS (SELECT 1 FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = ${userId}::uuid AND ${MANAGE_ALL}) AS is_admin,
           (SELECT count(*) FROM users u JOIN roles r ON r.id = u.role_id
             WHERE u.id <> ${userId}::uuid AND u.disabled_at IS NULL AND ${MANAGE_ALL}) AS others`,
  );
  return { isAdmin: row!.is_admin, others: row!.others };
}
