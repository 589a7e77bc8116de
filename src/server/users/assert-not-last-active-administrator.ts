import { Prisma } from "@/generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { conflict } from "../errors/app-error";
import { USER_COUNT_LOCK_KEY } from "./user-dto";

/** A role's policies grant manage:all (conditions never apply to it: they are allowed on `archive` only). */
const MANAGE_ALL = Prisma.sql`r.policies @> '[{"action":"manage","subject":"all"}]'::jsonb`;

/**
 * Refuses (409) to take away the last enabled user holding manage:all, so the installation keeps
 * someone who can manage it. Serialized with deletions by the same advisory lock as the
 * last-remaining-user rule, so two administrators disabling each other cannot both succeed.
 */
export async function assertNotLastActiveAdministrator(tx: DbOrTx, userId: string, message: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${USER_COUNT_LOCK_KEY}::bigint)`;
  const [row] = await tx.$queryRaw<{ is_admin: boolean; others: bigint }[]>`
    SELECT EXISTS (SELECT 1 FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = ${userId}::uuid AND ${MANAGE_ALL}) AS is_admin,
           (SELECT count(*) FROM users u JOIN roles r ON r.id = u.role_id
             WHERE u.id <> ${userId}::uuid AND u.disabled_at IS NULL AND ${MANAGE_ALL}) AS others`;
  if (row.is_admin && row.others === 0n) throw conflict(message);
}
