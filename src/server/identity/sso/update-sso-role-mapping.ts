import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { validationError, type FieldError } from "../../platform/errors/app-error";
import { getSsoRoleMapping } from "./get-sso-role-mapping";
import { groupKey, type SsoRoleMapping } from "./sso.schemas";
import { lockExistingRoles, lockSsoRoleMapping } from "./sso.queries";
import type { AppAbility } from "../authz/ability";
import { assertMayAssignRole } from "../users/assert-may-manage";

/** Replaces the whole mapping; unknown roles are a 422 naming the rule. Audited as UPDATE on SsoRoleMapping. */
/** `grantor`: the caller's ability; a group may be given only a role that grants nothing they lack. */
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
    for (const roleId of wanted) await assertMayAssignRole(tx, options.grantor, roleId);

    const before = await getSsoRoleMapping({ client: tx });
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
