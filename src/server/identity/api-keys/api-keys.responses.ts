import { z } from "zod";
import { timestamp } from "../../platform/validation/response-fields";

export const apiKeyResponse = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  expiresAt: timestamp.nullable(),
  createdAt: timestamp,
  /** When the key last authenticated a request, to the minute (docs/auth.md); null if never. */
  lastUsedAt: timestamp.nullable(),
});
/** The key itself is shown once, at creation. */
export const createdApiKeyResponse = apiKeyResponse.extend({ key: z.string() });

/** An API key as listed: never the key itself (shown once at creation) nor its hash. */
export type ApiKeyDto = z.infer<typeof apiKeyResponse>;
