import { appendAuditEntry } from "../audit/append-audit-entry";
import { generateApiKey } from "../auth/api-keys";
import type { Principal } from "../auth/principal";
import { transaction } from "../db/client";
import { toApiKeyDto, type ApiKeyDto, type CreateApiKeyInput } from "./api-keys.schemas";

const DAY_MS = 24 * 3600 * 1000;

/** Creates a key for the caller; the key itself is returned only here and stored only as a hash. */
export async function createApiKey(options: { principal: Principal; input: CreateApiKeyInput }): Promise<ApiKeyDto & { key: string }> {
  const generated = generateApiKey();
  const expiresAt = options.input.expiresInDays ? new Date(Date.now() + options.input.expiresInDays * DAY_MS) : null;
  return transaction(async (tx) => {
    const record = await tx.apiKey.create({
      data: {
        userId: options.principal.userId,
        name: options.input.name,
        prefix: generated.prefix,
        keyHash: generated.keyHash,
        expiresAt,
      },
    });
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "CREATE",
      targetType: "ApiKey",
      targetId: record.id,
      details: { name: record.name, prefix: record.prefix, expiresAt: expiresAt?.toISOString() ?? null },
    });
    return { ...toApiKeyDto(record), key: generated.key };
  });
}
