import { db, type DbOrTx } from "../../platform/db/client";
import type { SsoRoleMapping } from "./sso.schemas";

/** The group-to-role rules in the order they are tried, and the default role (null: none). */
export async function getSsoRoleMapping(options: { client?: DbOrTx } = {}): Promise<SsoRoleMapping> {
  const client = options.client ?? db();
  const [rules, fallback] = await Promise.all([
    client.ssoRoleMapping.findMany({ orderBy: { position: "asc" }, select: { groupName: true, roleId: true } }),
    client.ssoDefaultRole.findFirst({ select: { roleId: true } }),
  ]);
  return { mappings: rules.map((rule) => ({ group: rule.groupName, roleId: rule.roleId })), defaultRoleId: fallback?.roleId ?? null };
}
