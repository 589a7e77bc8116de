import { Prisma } from "@/generated/prisma/client";
import { queryOne, type SqlClient } from "../../platform/db/sql-client";

/**
 * The key's expiry, its row locked FOR KEY SHARE (it cannot be revoked before the caller's
 * transaction ends); undefined when there is no such key.
 */
export async function lockApiKeyShared(client: SqlClient, id: string): Promise<{ expiresAt: Date | null } | undefined> {
  const row = await queryOne<{ expires_at: Date | null }>(
    client,
    Prisma.sql`SELECT expires_at FROM api_keys WHERE id = ${id}::uuid FOR KEY SHARE`,
  );
  return row === null ? undefined : { expiresAt: row.expires_at };
}

/** The user's key, locked FOR UPDATE; null when the user has no key of that id. */
export async function lockUsersApiKey(client: SqlClient, id: string, userId: string) {
  return queryOne<{ id: string; name: string; prefix: string }>(
    client,
    Prisma.sql`SELECT id, name, prefix FROM api_keys WHERE id = ${id}::uuid AND user_id = ${userId}::uuid FOR UPDATE`,
  );
}

/** How many keys were created with the key, directly or through keys created with it, at any depth. */
export async function countKeysCreatedWith(client: SqlClient, id: string): Promise<number> {
  const row = await queryOne<{ n: number }>(
    client,
    Prisma.sql`
    WITH RECURSIVE created AS (
      SELECT id FROM api_keys WHERE created_by_key_id = ${id}::uuid
      UNION ALL
      SELECT child.id FROM api_keys child JOIN created parent ON child.created_by_key_id = parent.id
    )
    SELECT count(*)::int AS n FROM created`,
  );
  return row!.n;
}
