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

/** Refuses (403) to grant, through a role, an assignment or a sign-in mapping, a policy the caller does not hold. */
export function assertGrantable(ability: AppAbility, policies: readonly Policy[], what: string): void {
  const beyond = policies.filter((policy) => !canGrant(ability, policy));
  if (beyond.length === 0) return;
  const names = [...new Set(beyond.map((policy) => `${policy.action}:${policy.subject}`))].join(", ");
  throw new AppError("FORBIDDEN", `${what} would grant ${names}, which your own role does not; ask someone who holds it`);
}
