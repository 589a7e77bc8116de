import { sealSecrets, sealedName, unboundSecretErrors, type Config } from "../platform/config/secret-binding";
import { validationError } from "../platform/errors/app-error";
import { zodFieldErrors } from "../platform/errors/field-errors";
import {
  googleWorkspaceConfigSchema,
  googleWorkspaceConfigUpdateSchema,
  imapConfigSchema,
  imapConfigUpdateSchema,
  journalConfigSchema,
  journalConfigUpdateSchema,
  microsoft365ConfigSchema,
  microsoft365ConfigUpdateSchema,
  uploadConfigSchema,
  type Provider,
} from "./ingestion-sources.schemas";
import { SOURCE_SECRET_BINDINGS } from "./source-secret-bindings";

/** What the database keeps for a provider's config: secrets only encrypted (AES-256-GCM), outbound ones sealed to their destination. */
export function storedConfig(provider: Provider, config: Config): Config {
  return sealSecrets(SOURCE_SECRET_BINDINGS[provider], config);
}

/**
 * Per provider with a secret: its schema, the schema that lets the secret be left out, the secret's
 * field, and the field without which a stored secret is gone (a journal source without `username`).
 */
const updateSchemas = {
  imap: { full: imapConfigSchema, keepingPassword: imapConfigUpdateSchema, secret: "password", requires: "username" },
  "smtp-journal": { full: journalConfigSchema, keepingPassword: journalConfigUpdateSchema, secret: "password", requires: "username" },
  microsoft365: {
    full: microsoft365ConfigSchema,
    keepingPassword: microsoft365ConfigUpdateSchema,
    secret: "clientSecret",
    requires: "clientId",
  },
  "google-workspace": {
    full: googleWorkspaceConfigSchema,
    keepingPassword: googleWorkspaceConfigUpdateSchema,
    secret: "serviceAccountKey",
    requires: "adminEmail",
  },
} as const;

/** The stored config with the schema's defaults applied (a row written before a field existed lacks it). */
function withDefaults(provider: keyof typeof updateSchemas, stored: Config): Config {
  const parsed = updateSchemas[provider].keepingPassword.safeParse(
    Object.fromEntries(Object.entries(stored).filter(([key]) => !key.endsWith("Encrypted"))),
  );
  return parsed.success ? parsed.data : stored;
}

/**
 * A config update: validated against the provider's schema; an update without the secret
 * (`password`, `clientSecret`, `serviceAccountKey`) keeps the stored (encrypted) one, as long as the
 * source still has a username (a journal source's credentials are optional: without `username` they
 * are gone) and no field the secret is bound to changes (else 422 on `config.<secret>`: secret-binding.ts).
 */
export function updatedStoredConfig(provider: Provider, previous: Config, next: Config): Config {
  if (provider === "upload") {
    const parsed = uploadConfigSchema.safeParse(next);
    if (!parsed.success) throw validationError(zodFieldErrors(parsed.error, "config"));
    return { ...parsed.data };
  }
  const schemas = updateSchemas[provider];
  const keepsPassword =
    next[schemas.secret] === undefined && next[schemas.requires] !== undefined && previous[sealedName(schemas.secret)] !== undefined;
  const parsed = (keepsPassword ? schemas.keepingPassword : schemas.full).safeParse(next);
  if (!parsed.success) throw validationError(zodFieldErrors(parsed.error, "config"));
  const binding = SOURCE_SECRET_BINDINGS[provider];
  const unbound = unboundSecretErrors({
    binding,
    previous: withDefaults(provider, previous),
    next: parsed.data,
    carried: keepsPassword ? [schemas.secret] : [],
    fieldPrefix: "config.",
  });
  if (unbound.length > 0) throw validationError(unbound);
  return sealSecrets(binding, parsed.data, keepsPassword ? previous : {});
}

/**
 * Whether an update re-points a source's secret: a field it is bound to (host, tenant, URLs …)
 * changed. Its stored cursors then go in the same transaction, so no link or state kept from the
 * old destination is followed with the new credentials (a delta link naming the old host).
 */
export function changesSecretDestination(provider: Provider, previous: Config, next: Config): boolean {
  if (provider === "upload") return false;
  const before = withDefaults(provider, previous);
  const after = withDefaults(provider, next);
  return SOURCE_SECRET_BINDINGS[provider].boundTo.some((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}
