import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../auth/principal";
import { transaction } from "../db/client";
import { notFound } from "../errors/app-error";

/**
 * Revokes one of the caller's keys, and with it (foreign key ON DELETE CASCADE) every key created with
 * it, at any depth; another user's key is indistinguishable from a missing one.
 */
export async function deleteApiKey(options: { principal: Principal; id: string }): Promise<void> {
  await transaction(async (tx) => {
    // FOR UPDATE: a key being created with this one (which reads it FOR KEY SHARE) waits, then finds it gone.
    const [key] = await tx.$queryRaw<{ id: string; name: string; prefix: string }[]>`
      SELECT id, name, prefix FROM api_keys WHERE id = ${options.id}::uuid AND user_id = ${options.principal.userId}::uuid FOR UPDATE`;
    if (!key) throw notFound("API key");
    const [{ n: createdWithIt }] = await tx.$queryRaw<{ n: number }[]>`
      WITH RECURSIVE created AS (
        SELECT id FROM api_keys WHERE created_by_key_id = ${key.id}::uuid
        UNION ALL
        SELECT child.id FROM api_keys child JOIN created parent ON child.created_by_key_id = parent.id
      )
      SELECT count(*)::int AS n FROM created`;
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
