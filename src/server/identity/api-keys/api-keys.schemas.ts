import { z } from "zod";
import type { ApiKeyDto } from "./api-keys.responses";

export const createApiKeySchema = z
  .object({
    name: z.string().trim().min(1).max(255),
    expiresInDays: z.number().int().min(1).max(3650).optional(),
  })
  .strict();

export const apiKeyIdParamsSchema = z.object({ id: z.uuid({ message: "id must be a UUID" }) });

export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export function toApiKeyDto(key: {
  id: string;
  name: string;
  prefix: string;
  expiresAt: Date | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}): ApiKeyDto {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  };
}
