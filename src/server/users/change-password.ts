import { appendAuditEntry } from "../audit/append-audit-entry";
import { hashPassword, verifyPassword } from "../auth/passwords";
import type { Principal } from "../auth/principal";
import { db, transaction } from "../db/client";
import { notFound, validationError } from "../errors/app-error";
import { assertNotDemoMode } from "./update-profile";
import type { ChangePasswordInput } from "./users.schemas";

export async function changePassword(options: { principal: Principal; input: ChangePasswordInput }): Promise<{ message: string }> {
  assertNotDemoMode();
  const user = await db().user.findUnique({ where: { id: options.principal.userId }, select: { passwordHash: true } });
  if (!user) throw notFound("User");
  if (!(await verifyPassword(user.passwordHash, options.input.currentPassword))) {
    throw validationError([{ field: "currentPassword", message: "current password is incorrect" }]);
  }
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
  });
  return { message: "Password changed" };
}
