import type { AppAbility } from "../authz/ability";
import { assertGrantable } from "../authz/assert-grantable";
import type { Policy } from "../authz/permissions";
import type { Tx } from "../../platform/db/client";

const policiesOf = (role: { policies: unknown } | null | undefined): Policy[] => (role?.policies ?? []) as Policy[];

/** Refuses (403) to assign a role that grants more than the caller holds (docs/auth.md, "No escalation"). */
export async function assertMayAssignRole(client: Tx, grantor: AppAbility, roleId: string | null | undefined): Promise<void> {
  if (!roleId) return;
  const role = await client.role.findUnique({ where: { id: roleId }, select: { name: true, policies: true } });
  if (role) assertGrantable(grantor, policiesOf(role), `Assigning the role "${role.name}"`);
}

/**
 * Refuses (403) to change, disable, sign out or delete a user whose role grants more than the caller
 * holds: a user manager administers the accounts below them, never the ones above.
 */
export async function assertMayManageUser(client: Tx, grantor: AppAbility, userId: string): Promise<void> {
  const user = await client.user.findUnique({ where: { id: userId }, select: { role: { select: { policies: true } } } });
  if (user) assertGrantable(grantor, policiesOf(user.role), "Managing this user");
}
