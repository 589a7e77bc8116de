import { appendAuditEntry } from "../../audit/append-audit-entry";
import { hashPassword } from "../auth/passwords";
import type { Principal } from "../auth/principal";
import { transaction } from "../../platform/db/client";
import { assertCurrentPassword } from "./assert-current-password";
import { revokeUserSessions } from "./revoke-user-sessions";
import { assertNotDemoMode } from "./update-profile";
import type { ChangePasswordInput } from "./users.schemas";

/** Changes the caller's own password and ends all their tokens and sessions but the UI session making the change. */
export async function changePassword(options: { principal: Principal; input: ChangePasswordInput }): Promise<{ message: string }> {
  assertNotDemoMode();
  await assertCurrentPassword({
    actor: options.principal.actor,
    userId: options.principal.userId,
    password: options.input.currentPassword,
    purpose: "change_password",
  });
  const passwordHash = await hashPassword(options.input.newPassword);
  await transaction(async (tx) => {
    await tx.user.update({ where: { id: options.principal.userId }, data: { passwordHash } });
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "UPDATE",
      targetType: "User",
      targetId: options.principal.userId,
      details: { passwordChanged: true },
    });
    await revokeUserSessions({
      actor: options.principal.actor,
      userId: options.principal.userId,
      reason: "password_changed",
      client: tx,
      caller: options.principal,
    });
  });
  return { message: "Password changed" };
}
