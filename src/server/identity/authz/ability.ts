import { createMongoAbility, subject as asSubject, type MongoAbility } from "@casl/ability";
import { AppError } from "../../platform/errors/app-error";
import { recordInScope, scopeClauses, type ArchiveCondition } from "./archive-scope";
import { parsePermission, type Permission, type Policy } from "./permissions";

export type AppAbility = MongoAbility;

export function abilityFor(policies: Policy[]): AppAbility {
  return createMongoAbility(
    policies.map((policy) => ({
      action: policy.action,
      subject: policy.subject,
      conditions: Object.keys(policy.conditions ?? {}).length > 0 ? policy.conditions : undefined,
    })),
  );
}

/** Whether the ability allows `permission` on at least some records of the subject. */
export function can(ability: AppAbility, permission: Permission): boolean {
  const { action, subject } = parsePermission(permission);
  return ability.can(action, subject);
}

export function assertCan(ability: AppAbility, permission: Permission): void {
  if (!can(ability, permission)) {
    throw new AppError("FORBIDDEN", `Missing permission ${permission}`);
  }
}

/**
 * Record-level check, honouring policy conditions (e.g. userEmail on archive). An archived email is
 * checked with the clauses the list and search queries turn into SQL (archive-scope.ts), not with
 * CASL's own matching, which compares exactly: one rule, so a role never sees an email in a list and
 * then gets 404 on it, nor the reverse.
 */
export function canOnRecord(ability: AppAbility, permission: Permission, record: Record<string, unknown>): boolean {
  const { action, subject } = parsePermission(permission);
  if (subject === "archive" && (action === "read" || action === "delete" || action === "restore")) {
    return recordInScope(scopeClauses(archiveScope(ability, action)), record);
  }
  return ability.can(action, asSubject(subject, { ...record }));
}

export type { ArchiveCondition };

/**
 * How a permission on archive narrows which emails are visible: null = unrestricted,
 * otherwise an OR-list of conditions (empty list = nothing), for list and search queries.
 */
export function archiveScope(ability: AppAbility, action: "read" | "delete" | "restore"): ArchiveCondition[] | null {
  const rules = ability.rulesFor(action, "archive");
  const allowing = rules.filter((rule) => !rule.inverted);
  if (allowing.some((rule) => !rule.conditions)) return null;
  return allowing.map((rule) => rule.conditions as ArchiveCondition);
}

/** Every `action:subject` the policies grant, for clients deciding what to show. */
export function effectivePermissions(policies: Policy[]): string[] {
  return [...new Set(policies.map((policy) => `${policy.action}:${policy.subject}`))].sort();
}
