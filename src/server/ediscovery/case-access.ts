import { Prisma } from "@/generated/prisma/client";
import type { Principal } from "../auth/principal";
import { can } from "../authz/ability";
import { querySql, type SqlClient } from "../db/sql-client";
import { notFound } from "../errors/app-error";

export interface CaseRow {
  id: string;
  name: string;
  description: string | null;
  status: "open" | "closed";
  custodians: string[];
  created_by_id: string | null;
  created_at: Date;
  updated_at: Date;
  closed_at: Date | null;
}

/** `manage:all` sees every case; anyone else only the cases they are a member of. */
export const seesEveryCase = (principal: Principal) => can(principal.ability, "manage:all");

/** SQL condition: the case `c` is visible to the principal. */
export function caseVisibleTo(principal: Principal): Prisma.Sql {
  if (seesEveryCase(principal)) return Prisma.sql`TRUE`;
  return Prisma.sql`EXISTS (SELECT 1 FROM ediscovery_case_members m WHERE m.case_id = c.id AND m.user_id = ${principal.userId}::uuid)`;
}

const LOCKS = { none: Prisma.empty, share: Prisma.sql`FOR SHARE OF c`, update: Prisma.sql`FOR UPDATE OF c` } as const;

/**
 * The case, when it exists and the principal may work on it; otherwise 404, so a non-member
 * cannot even learn that the case exists. `lock` locks the row for the caller's transaction.
 */
export async function accessibleCase(
  client: SqlClient,
  principal: Principal,
  caseId: string,
  lock: keyof typeof LOCKS = "none",
): Promise<CaseRow> {
  const [row] = await querySql<CaseRow>(
    client,
    Prisma.sql`
    SELECT c.id, c.name, c.description, c.status, c.custodians, c.created_by_id, c.created_at, c.updated_at, c.closed_at
    FROM ediscovery_cases c
    WHERE c.id = ${caseId}::uuid AND ${caseVisibleTo(principal)}
    ${LOCKS[lock]}`,
  );
  if (!row) throw notFound("Case");
  return row;
}
