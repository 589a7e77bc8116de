import { groupKey, type SsoRoleMapping } from "./sso.schemas";

/** Which role a directory user gets, and why: the first rule whose group they have, else the default. */
export interface RoleDecision {
  roleId: string | null;
  /** The group (claim or attribute value) of the rule that matched; null when the default or no role applies. */
  matchedGroup: string | null;
}

export function roleForGroups(mapping: SsoRoleMapping, groups: readonly string[]): RoleDecision {
  const held = new Set(groups.map(groupKey));
  const rule = mapping.mappings.find((candidate) => held.has(groupKey(candidate.group)));
  return rule ? { roleId: rule.roleId, matchedGroup: rule.group } : { roleId: mapping.defaultRoleId, matchedGroup: null };
}
