import type { Principal } from "../auth/principal";
import { transaction } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { assertMayManageUser } from "./assert-may-manage";
import { revokeUserSessions } from "./revoke-user-sessions";

/** An administrator signs a user out everywhere; only a user whose role grants nothing the caller lacks (docs/auth.md). */
export async function signOutUser(options: { principal: Principal; userId: string }): Promise<void> {
  await transaction(async (tx) => {
    if (!(await tx.user.findUnique({ where: { id: options.userId }, select: { id: true } }))) throw notFound("User");
    await assertMayManageUser(tx, options.principal.ability, options.userId);
  });
  await revokeUserSessions({ actor: options.principal.actor, userId: options.userId, reason: "administrator" });
}
