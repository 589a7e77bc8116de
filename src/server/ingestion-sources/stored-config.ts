import { encryptSecret } from "../config/encryption";
import { validationError } from "../errors/app-error";
import { zodFieldErrors } from "../http/error-response";
import {
  imapConfigSchema,
  imapConfigUpdateSchema,
  journalConfigSchema,
  journalConfigUpdateSchema,
  uploadConfigSchema,
  type Provider,
} from "./ingestion-sources.schemas";

/** What the database keeps for a provider's config: a password only encrypted (AES-256-GCM). */
export function storedConfig(provider: Provider, config: Record<string, unknown>): Record<string, unknown> {
  if (provider === "upload") return { ...config };
  const { password, ...rest } = config as { password?: string };
  return password === undefined ? rest : { ...rest, passwordEncrypted: encryptSecret(password) };
}

const updateSchemas = {
  imap: { full: imapConfigSchema, keepingPassword: imapConfigUpdateSchema },
  "smtp-journal": { full: journalConfigSchema, keepingPassword: journalConfigUpdateSchema },
} as const;

/**
 * A config update: validated against the provider's schema; an update without `password` keeps
 * the stored (encrypted) one, as long as the source still has a username (a journal source's
 * credentials are optional: without `username` they are gone).
 */
export function updatedStoredConfig(
  provider: Provider,
  previous: Record<string, unknown>,
  next: Record<string, unknown>,
): Record<string, unknown> {
  if (provider === "upload") {
    const parsed = uploadConfigSchema.safeParse(next);
    if (!parsed.success) throw validationError(zodFieldErrors(parsed.error, "config"));
    return { ...parsed.data };
  }
  const keepsPassword = next.password === undefined && next.username !== undefined && previous.passwordEncrypted !== undefined;
  const schemas = updateSchemas[provider];
  const parsed = (keepsPassword ? schemas.keepingPassword : schemas.full).safeParse(next);
  if (!parsed.success) throw validationError(zodFieldErrors(parsed.error, "config"));
  const { password, ...rest } = parsed.data as { password?: string };
  if (password !== undefined) return { ...rest, passwordEncrypted: encryptSecret(password) };
  return keepsPassword ? { ...rest, passwordEncrypted: previous.passwordEncrypted } : rest;
}
