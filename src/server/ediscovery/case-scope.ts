import type { Principal } from "../auth/principal";
import type { ArchiveCondition } from "../authz/ability";
import { contentScope } from "../authz/content-scope";
import { conflict } from "../errors/app-error";
import type { CaseRow } from "./case-access";

/**
 * Which emails a member may see in a case: their role's conditions on archive (null = all), and,
 * unless the search says otherwise, only the mailboxes of the case's custodians when it names some.
 */
export function caseEmailScope(
  principal: Principal,
  found: CaseRow,
  options: { ignoreCustodians?: boolean } = {},
): ArchiveCondition[] | null {
  const roleScope = contentScope(principal.ability);
  const custodians = found.custodians ?? [];
  if (options.ignoreCustodians || custodians.length === 0) return roleScope;
  if (roleScope === null) return [{ userEmail: { $in: custodians } }];
  return roleScope.flatMap((condition) => {
    const allowed = condition.userEmail;
    if (allowed === undefined) return [{ ...condition, userEmail: { $in: custodians } }];
    const allowedList = (typeof allowed === "string" ? [allowed] : allowed.$in).map((address) => address.toLowerCase());
    const both = custodians.filter((address) => allowedList.includes(address));
    return both.length === 0 ? [] : [{ ...condition, userEmail: { $in: both } }];
  });
}

/** A closed case keeps its history: its searches, tags and exports can be read, not changed. */
export function assertCaseOpen(found: CaseRow): void {
  if (found.status !== "open") throw conflict("The case is closed: reopen it to change its searches, tags or exports");
}
