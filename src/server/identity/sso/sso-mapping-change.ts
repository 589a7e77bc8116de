import { groupKey, type SsoRoleMapping } from "./sso.schemas";

/**
 * The roles a replacement of the group mapping touches, by id: `removes`, the roles of rules (and
 * of the default) whose users change, `assigns`, the roles of the rules that replace them. A rule
 * decides the role of exactly the users who have its group and none of the groups of the rules
 * before it (the first match wins: role-for-groups.ts), so a rule is untouched only when the same
 * group maps to the same role with the same set of groups ahead of it; the default, when the same
 * role follows the same set of groups. Anything else — a rule removed, re-targeted to another role
 * or group, a rule inserted or moved ahead of it, a default changed — is a role taken from some
 * users and given to others, and both sides go through the no-escalation rule.
 */
export function ssoMappingChange(before: SsoRoleMapping, after: SsoRoleMapping): { removes: string[]; assigns: string[] } {
  const beforeKeys = before.mappings.map((rule) => groupKey(rule.group));
  const afterKeys = after.mappings.map((rule) => groupKey(rule.group));
  const afterPosition = new Map(afterKeys.map((key, position) => [key, position]));
  const untouched = new Set<string>();
  // The latest position in `after` of any group ahead of the current rule in `before`: the sets of
  // groups ahead are equal when there are as many of them (same position) and all lie ahead in `after`.
  let latestAhead = -1;
  before.mappings.forEach((rule, position) => {
    const key = beforeKeys[position];
    if (afterPosition.get(key) === position && after.mappings[position].roleId === rule.roleId && latestAhead < position)
      untouched.add(key);
    latestAhead = Math.max(latestAhead, afterPosition.get(key) ?? Infinity);
  });
  const removes = before.mappings.filter((_, position) => !untouched.has(beforeKeys[position])).map((rule) => rule.roleId);
  const assigns = after.mappings.filter((_, position) => !untouched.has(afterKeys[position])).map((rule) => rule.roleId);
  const sameGroups = beforeKeys.length === afterKeys.length && beforeKeys.every((key) => afterPosition.has(key));
  if (!(sameGroups && before.defaultRoleId === after.defaultRoleId)) {
    if (before.defaultRoleId) removes.push(before.defaultRoleId);
    if (after.defaultRoleId) assigns.push(after.defaultRoleId);
  }
  return { removes: [...new Set(removes)], assigns: [...new Set(assigns)] };
}
