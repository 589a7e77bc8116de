import type { Principal } from "../identity/auth/principal";
import type { ArchiveCondition } from "../identity/authz/ability";
import { contentScope } from "../identity/authz/content-scope";
import { conflict } from "../platform/errors/app-error";
import type { CaseRow } from "./case-access";

/**
 * Which emails a member may see in a case: their role's conditions on archive (null = all), and,
 * unless the search says otherwise, only the custodians' mail when the case names custodians. A
 * custodian's mail is every email whose mailbox is theirs or in which they take part (sender, To,
 * Cc or Bcc recipient, journal envelope recipient), wherever it was captured: a shared mailbox, a
 * journal, another person's import (docs/ediscovery.md, "How custodians match"). It narrows each
 * of the role's conditions, so a member never reaches mail their role does not let them read.
 */
export function caseEmailScope(
  principal: Principal,
  found: CaseRow,
  options: { ignoreCustodians?: boolean } = {},
): ArchiveCondition[] | null {
  const roleScope = contentScope(principal.ability);
  if (!narrowsToCustodians(found, options)) return roleScope;
  const custodianMail = { partyEmail: { $in: found.custodians } };
  return roleScope === null ? [custodianMail] : roleScope.map((condition) => ({ ...condition, ...custodianMail }));
}

/** Whether the case scope is narrower than the member's role scope: it names custodians and the search keeps to them. */
export const narrowsToCustodians = (found: CaseRow, options: { ignoreCustodians?: boolean } = {}): boolean =>
  !options.ignoreCustodians && (found.custodians ?? []).length > 0;

/** A closed case keeps its history: its searches, tags and exports can be read, not changed. */
export function assertCaseOpen(found: CaseRow): void {
  if (found.status !== "open") throw conflict("The case is closed: reopen it to change its searches, tags or exports");
}
