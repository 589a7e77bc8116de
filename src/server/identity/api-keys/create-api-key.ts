import { appendAuditEntry } from "../../audit/append-audit-entry";
import { generateApiKey } from "../auth/api-keys";
import type { Principal } from "../auth/principal";
import { transaction } from "../../platform/db/client";
import { AppError } from "../../platform/errors/app-error";
import { lockApiKeyShared } from "./api-keys.queries";
import type { ApiKeyDto } from "./api-keys.responses";
import { toApiKeyDto, type CreateApiKeyInput } from "./api-keys.schemas";

const DAY_MS = 24 * 3600 * 1000;

/** The earlier of two expiries, null meaning never. */
const earlier = (a: Date | null, b: Date | null): Date | null => (a === null ? b : b === null ? a : a < b ? a : b);

/**
 * Creates a key for the caller; the key itself is returned only here and stored only as a hash. A key
 * created with an API key expires no later than that key and is revoked with it (docs/auth.md), so a
 * leaked key cannot be turned into one that outlives it.
 */
export async function createApiKey(options: { principal: Principal; input: CreateApiKeyInput }): Promise<ApiKeyDto & { key: string }> {
  const generated = generateApiKey();
  const requested = options.input.expiresInDays ? new Date(Date.now() + options.input.expiresInDays * DAY_MS) : null;
  const creatingKeyId = options.principal.actor.apiKeyId;
  return transaction(async (tx) => {
    // FOR KEY SHARE: the creating key cannot be revoked between this read and the commit.
    const creatingKey = creatingKeyId === undefined ? null : await lockApiKeyShared(tx, creatingKeyId);
    if (creatingKey === undefined) throw new AppError("UNAUTHENTICATED", "Invalid API key");
    const expiresAt = creatingKey ? earlier(requested, creatingKey.expiresAt) : requested;
    const record = await tx.apiKey.create({
      data: {
        userId: options.principal.userId,
        name: options.input.name,
        prefix: generated.prefix,
        keyHash: generated.keyHash,
        expiresAt,
        createdByKeyId: creatingKeyId ?? null,
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
