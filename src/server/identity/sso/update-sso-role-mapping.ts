import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { validationError, type FieldError } from "../../platform/errors/app-error";
import { getSsoRoleMapping } from "./get-sso-role-mapping";
import { groupKey, type SsoRoleMapping } from "./sso.schemas";
import { lockExistingRoles, lockSsoRoleMapping } from "./sso.queries";
import type { AppAbility } from "../authz/ability";
import { assertRoleChangeGrantable } from "../authz/assert-grantable";
import type { Policy } from "../authz/permissions";
import { ssoMappingChange } from "./sso-mapping-change";

/**
 * Replaces the whole mapping; unknown roles are a 422 naming the rule. Audited as UPDATE on SsoRoleMapping.
 * `grantor`: the caller's ability. Every role the replacement touches, the ones it takes from users
 * (a rule removed, re-targeted or shadowed, the old default) and the ones it gives, must grant nothing
 * they lack (sso-mapping-change.ts, assert-grantable.ts); rules it leaves as they were are not checked.
 */
export async function updateSsoRoleMapping(options: {
  actor: AuditActor;
  grantor: AppAbility;
  input: SsoRoleMapping;
}): Promise<SsoRoleMapping> {
  const { mappings, defaultRoleId } = options.input;
  return transaction(async (tx) => {
    await lockSsoRoleMapping(tx);
    const wanted = [...new Set([...mappings.map((rule) => rule.roleId), ...(defaultRoleId ? [defaultRoleId] : [])])];
    const existing = await lockExistingRoles(tx, wanted);
    const errors: FieldError[] = mappings.flatMap((rule, index) =>
      existing.has(rule.roleId) ? [] : [{ field: `mappings.${index}.roleId`, message: "role does not exist" }],
    );
    if (defaultRoleId && !existing.has(defaultRoleId)) errors.push({ field: "defaultRoleId", message: "role does not exist" });
    if (errors.length > 0) throw validationError(errors);
    const before = await getSsoRoleMapping({ client: tx });
    const change = ssoMappingChange(before, options.input);
    const touched = await tx.role.findMany({
      where: { id: { in: [...new Set([...change.removes, ...change.assigns])] } },
      select: { id: true, name: true, policies: true },
    });
    const roles = (ids: string[]) =>
      touched.filter((role) => ids.includes(role.id)).map((role) => ({ name: role.name, policies: role.policies as Policy[] }));
    assertRoleChangeGrantable(
      options.grantor,
      { removes: roles(change.removes), assigns: roles(change.assigns) },
      "This change of the group mapping",
    );

    await tx.ssoRoleMapping.deleteMany();
    await tx.ssoRoleMapping.createMany({
      data: mappings.map((rule, position) => ({ position, groupName: rule.group, groupKey: groupKey(rule.group), roleId: rule.roleId })),
    });
    await tx.ssoDefaultRole.deleteMany();
    if (defaultRoleId) await tx.ssoDefaultRole.create({ data: { roleId: defaultRoleId } });
    const after = await getSsoRoleMapping({ client: tx });
    await appendAuditEntry(tx, {
      actor: options.actor,
      actionType: "UPDATE",
      targetType: "SsoRoleMapping",
      targetId: "system",
      details: { from: before, to: after },
    });
    return after;
  });
}
