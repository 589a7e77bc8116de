import { AppError } from "../../platform/errors/app-error";
import type { AppAbility } from "./ability";
import type { Policy } from "./permissions";

const sameConditions = (a: unknown, b: unknown) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/**
 * Whether a caller may hand out a policy: only what they hold themselves, unconditionally or under
 * exactly the same conditions. A user manager (`manage:users`) can then neither give themselves nor
 * anyone else more than their own role grants: no mail content or holds from an IT Administrator.
 */
export function canGrant(ability: AppAbility, policy: Policy): boolean {
  const rules = ability.rulesFor(policy.action, policy.subject).filter((rule) => !rule.inverted);
  const wanted = Object.keys(policy.conditions ?? {}).length > 0 ? policy.conditions : undefined;
  return rules.some((rule) => !rule.conditions || (wanted !== undefined && sameConditions(rule.conditions, wanted)));
}

/** The `action:subject` names of the policies the caller could not hand out ("" when none). */
function beyondCaller(ability: AppAbility, policies: readonly Policy[]): string {
  const beyond = policies.filter((policy) => !canGrant(ability, policy));
  return [...new Set(beyond.map((policy) => `${policy.action}:${policy.subject}`))].join(", ");
}

/** Refuses (403) to grant, through a role, an assignment or a sign-in mapping, a policy the caller does not hold. */
export function assertGrantable(ability: AppAbility, policies: readonly Policy[], what: string): void {
  const names = beyondCaller(ability, policies);
  if (names) throw new AppError("FORBIDDEN", `${what} would grant ${names}, which your own role does not; ask someone who holds it`);
}

/** A role a change of assignments touches: its name (for the refusal) and what it grants. */
export interface TouchedRole {
  name: string;
  policies: readonly Policy[];
}

/**
 * The no-escalation rule over a whole change of role assignments (a user's role, a role's policies, a
 * role's deletion, the single sign-on group mapping): every role the change hands out (`assigns`)
 * and every role it takes away from whoever holds it or points elsewhere (`removes`: a removed or
 * re-targeted mapping rule, a deleted role, a role's old policies) must grant nothing the caller
 * lacks. Checking only what is assigned let a user manager demote whoever holds more than they do.
 */
export function assertRoleChangeGrantable(
  ability: AppAbility,
  change: { assigns?: readonly TouchedRole[]; removes?: readonly TouchedRole[] },
  what: string,
): void {
  for (const role of change.removes ?? []) {
    const names = beyondCaller(ability, role.policies);
    if (names)
      throw new AppError(
        "FORBIDDEN",
        `${what} would take away or re-target the role "${role.name}", which grants ${names} that your own role does not; ask someone who holds it`,
      );
  }
  for (const role of change.assigns ?? []) assertGrantable(ability, role.policies, `${what}, through the role "${role.name}",`);
}
