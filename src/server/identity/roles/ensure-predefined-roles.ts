import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { db, type Db } from "../../platform/db/client";
import { PREDEFINED_ROLES } from "./predefined-roles";
import { upsertRoleBySlug } from "./roles.queries";

/**
 * Upserts the predefined roles by slug (idempotent, safe to run concurrently): missing ones are
 * created and ones whose name or policies differ from the code are brought back in line, so an
 * upgrade that changes a predefined role takes effect at start. Uses `client`, else a client for
 * `databaseUrl` (test template database), else the process-wide client.
 */
export async function ensurePredefinedRoles(options: { client?: Db; databaseUrl?: string } = {}): Promise<void> {
  const ownClient =
    !options.client && options.databaseUrl
      ? new PrismaClient({ adapter: new PrismaPg({ connectionString: options.databaseUrl }) })
      : undefined;
  const client = options.client ?? ownClient ?? db();
  try {
    for (const role of PREDEFINED_ROLES) {
      await upsertRoleBySlug(client, role);
    }
  } finally {
    await ownClient?.$disconnect();
  }
}
