import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { conflict, notFound } from "../../platform/errors/app-error";
import { lockUserCount } from "./users.queries";
import { assertMayManageUser } from "./assert-may-manage";
import type { AppAbility } from "../authz/ability";

/** Deletes a user (their API keys go by cascade); the last remaining user is kept (409), even under races. */
export async function deleteUser(options: { actor: AuditActor; grantor: AppAbility; id: string }): Promise<void> {
  await transaction(async (tx) => {
    await lockUserCount(tx);
    const user = await tx.user.findUnique({ where: { id: options.id }, select: { id: true, email: true } });
    if (!user) throw notFound("User");
    await assertMayManageUser(tx, options.grantor, user.id);
    if ((await tx.user.count()) <= 1) throw conflict("The last remaining user cannot be deleted");
    const apiKeysRevoked = await tx.apiKey.count({ where: { userId: user.id } });
    await tx.user.delete({ where: { id: options.id } });
    await appendAuditEntry(tx, {
      actor: options.actor,
      actionType: "DELETE",
      targetType: "User",
      targetId: user.id,
      details: { email: user.email, apiKeysRevoked },
    });
  });
}
