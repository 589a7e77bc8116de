import { Prisma } from "@/generated/prisma/client";
import { querySql, runSql, type SqlClient } from "../../platform/db/sql-client";

/**
 * Serializes two first sign-ins of the same person (two tabs) until the transaction ends, so one
 * provisions or binds and the other finds: by the email key and by the identity (source:issuer:subject).
 */
export async function lockDirectoryUser(client: SqlClient, key: string): Promise<void> {
  await runSql(client, Prisma.sql`SELECT pg_advisory_xact_lock(hashtext(${`directory-user:${key}`}))`);
}

/** Serializes replacements of the mapping until the transaction ends, so each audit entry's "from" is the mapping it replaced. */
export async function lockSsoRoleMapping(client: SqlClient): Promise<void> {
  await runSql(client, Prisma.sql`SELECT pg_advisory_xact_lock(hashtext('sso_role_mapping'))`);
}

/** The ids among `roleIds` that exist, locked FOR KEY SHARE: a role deleted at this moment cannot leave a rule pointing nowhere. */
export async function lockExistingRoles(client: SqlClient, roleIds: string[]): Promise<Set<string>> {
  const rows = await querySql<{ id: string }>(
    client,
    Prisma.sql`SELECT id::text FROM roles WHERE id = ANY(${roleIds}::uuid[]) FOR KEY SHARE`,
  );
  return new Set(rows.map((row) => row.id));
}
