import { Prisma } from "@/generated/prisma/client";
import { runSql, type SqlClient } from "../../platform/db/sql-client";
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
