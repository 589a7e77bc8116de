import type { Principal } from "../identity/auth/principal";
import { can } from "../identity/authz/ability";
import type { SqlClient } from "../platform/db/sql-client";
import { notFound } from "../platform/errors/app-error";
import { findVisibleCase, type CaseLock, type CaseRow } from "./cases.queries";

export type { CaseRow } from "./cases.queries";

/** `manage:all` sees every case; anyone else only the cases they are a member of. */
export const seesEveryCase = (principal: Principal) => can(principal.ability, "manage:all");

/** The user whose membership decides which cases the principal sees; null when they see every case. */
export const caseMemberFilter = (principal: Principal): string | null => (seesEveryCase(principal) ? null : principal.userId);

/**
 * The case, when it exists and the principal may work on it; otherwise 404, so a non-member
 * cannot even learn that the case exists. `lock` locks the row for the caller's transaction.
 */
export async function accessibleCase(client: SqlClient, principal: Principal, caseId: string, lock: CaseLock = "none"): Promise<CaseRow> {
  const row = await findVisibleCase(client, caseId, caseMemberFilter(principal), lock);
  if (!row) throw notFound("Case");
  return row;
}
