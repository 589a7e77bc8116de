import { Prisma } from "@/generated/prisma/client";
import { querySql, runSql, type SqlClient } from "../../platform/db/sql-client";
import type { Policy } from "../authz/permissions";

/** Creates the role of `slug`, or brings its name and policies in line; touches nothing when they already are. */
export async function upsertRoleBySlug(client: SqlClient, role: { slug: string; name: string; policies: Policy[] }): Promise<void> {
  await runSql(
    client,
    Prisma.sql`
    INSERT INTO roles (id, slug, name, policies, created_at, updated_at)
    VALUES (gen_random_uuid(), ${role.slug}, ${role.name}, ${JSON.stringify(role.policies)}::jsonb, now(), now())
    ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, policies = EXCLUDED.policies, updated_at = now()
    WHERE roles.name IS DISTINCT FROM EXCLUDED.name OR roles.policies IS DISTINCT FROM EXCLUDED.policies`,
  );
}

/**
 * The distinct mailboxes the archive holds (lower-cased, in order), at most `limit`: a loose index
 * scan along `lower(user_email)` (one index probe per mailbox, not a pass over every email).
 */
export async function selectArchivedMailboxes(client: SqlClient, limit: number): Promise<string[]> {
  const rows = await querySql<{ address: string }>(
    client,
    Prisma.sql`
    WITH RECURSIVE mailboxes(address) AS (
      (SELECT lower(user_email) FROM archived_emails ORDER BY lower(user_email) LIMIT 1)
      UNION ALL
      SELECT (SELECT lower(e.user_email) FROM archived_emails e WHERE lower(e.user_email) > m.address ORDER BY lower(e.user_email) LIMIT 1)
      FROM mailboxes m WHERE m.address IS NOT NULL
    )
    SELECT address FROM mailboxes WHERE address IS NOT NULL LIMIT ${limit}`,
  );
  return rows.map((row) => row.address);
}
