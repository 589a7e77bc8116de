import { db, type Db } from "../db/client";
import { PREDEFINED_ROLES } from "./predefined-roles";

/** Creates the predefined roles that are missing (idempotent and safe to run concurrently). */
export async function ensurePredefinedRoles(options: { client?: Db } = {}): Promise<void> {
  const client = options.client ?? db();
  for (const role of PREDEFINED_ROLES) {
    await client.$executeRaw`
      INSERT INTO roles (id, slug, name, policies, created_at, updated_at)
      VALUES (gen_random_uuid(), ${role.slug}, ${role.name}, ${JSON.stringify(role.policies)}::jsonb, now(), now())
      ON CONFLICT (slug) DO NOTHING`;
  }
}
