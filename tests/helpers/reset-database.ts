import { rm } from "node:fs/promises";
import path from "node:path";
import { beforeEach } from "vitest";
import { db } from "../../src/server/platform/db/client";
import { asAuditTableOwner } from "./audit-tampering";
import { withHoldReleaseAllowed } from "./hold-guard";
import { ensurePredefinedRoles } from "../../src/server/identity/roles/ensure-predefined-roles";
import { forgetDataKeyring } from "../../src/server/archive/storage/data-keyring";

/** Empties every application table (keeping the migration history) and restores predefined roles. */
export async function resetDatabase(): Promise<void> {
  const tables = await db().$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`;
  await asAuditTableOwner(() =>
    withHoldReleaseAllowed((tx) =>
      tx.$executeRawUnsafe(`TRUNCATE ${tables.map((table) => `"${table.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`),
    ),
  );
  await ensurePredefinedRoles();
  // The data keys' rows are gone: the keyring must not seal new blobs with a key whose row was emptied.
  forgetDataKeyring();
  if (process.env.DATA_DIR) await rm(path.join(process.env.DATA_DIR, "storage"), { recursive: true, force: true });
}

/** Gives every test of the calling file an empty database. */
export function useEmptyDatabasePerTest(): void {
  beforeEach(resetDatabase);
}
