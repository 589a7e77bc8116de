import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../auth/principal";
import { transaction } from "../db/client";
import { notFound } from "../errors/app-error";

/** Revokes one of the caller's keys; another user's key is indistinguishable from a missing one. */
export async function deleteApiKey(options: { principal: Principal; id: string }): Promise<void> {
  await transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({
      where: { id: options.id, userId: options.principal.userId },
      select: { id: true, name: true, prefix: true },
    });
    // deleteMany so that a concurrent revocation of the same key is a 404, not a Prisma error.
    const deleted = await tx.apiKey.deleteMany({ where: { id: options.id, userId: options.principal.userId } });
    if (!key || deleted.count === 0) throw notFound("API key");
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "DELETE",
      targetType: "ApiKey",
      targetId: key.id,
      details: { name: key.name, prefix: key.prefix },
    });
  });
}
