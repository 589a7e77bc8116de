import { appendAuditEntry } from "../../audit/append-audit-entry";
import type { Principal } from "../auth/principal";
import { transaction } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { countKeysCreatedWith, lockUsersApiKey } from "./api-keys.queries";

/**
 * Revokes one of the caller's keys, and with it (foreign key ON DELETE CASCADE) every key created with
 * it, at any depth; another user's key is indistinguishable from a missing one.
 */
export async function deleteApiKey(options: { principal: Principal; id: string }): Promise<void> {
  await transaction(async (tx) => {
    // FOR UPDATE: a key being created with this one (which reads it FOR KEY SHARE) waits, then finds it gone.
    const key = await lockUsersApiKey(tx, options.id, options.principal.userId);
    if (!key) throw notFound("API key");
    const createdWithIt = await countKeysCreatedWith(tx, key.id);
    await tx.apiKey.delete({ where: { id: key.id } });
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "DELETE",
      targetType: "ApiKey",
      targetId: key.id,
      details: { name: key.name, prefix: key.prefix, ...(createdWithIt > 0 && { keysCreatedWithItRevoked: createdWithIt }) },
    });
  });
}
