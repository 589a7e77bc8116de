import { encryptSecret } from "../config/encryption";
import { validationError } from "../errors/app-error";
import { zodFieldErrors } from "../http/error-response";
import { imapConfigSchema, imapConfigUpdateSchema, uploadConfigSchema, type Provider } from "./ingestion-sources.schemas";

/** What the database keeps for a provider's config: the IMAP password only encrypted (AES-256-GCM). */
export function storedConfig(provider: Provider, config: Record<string, unknown>): Record<string, unknown> {
  if (provider === "upload") return { ...config };
  const { password, ...rest } = config as { password: string };
  return { ...rest, passwordEncrypted: encryptSecret(password) };
}

/**
 * A config update: validated against the provider's schema; an IMAP update without `password`
 * keeps the stored (encrypted) one.
 */
export function updatedStoredConfig(provider: Provider, previous: Record<string, unknown>, next: Record<string, unknown>): Record<string, unknown> {
  if (provider === "upload") {
    const parsed = uploadConfigSchema.safeParse(next);
    if (!parsed.success) throw validationError(zodFieldErrors(parsed.error, "config"));
    return { ...parsed.data };
  }
  const parsed = (next.password === undefined ? imapConfigUpdateSchema : imapConfigSchema).safeParse(next);
  if (!parsed.success) throw validationError(zodFieldErrors(parsed.error, "config"));
  const { password, ...rest } = parsed.data;
  return { ...rest, passwordEncrypted: password === undefined ? previous.passwordEncrypted : encryptSecret(password) };
}
