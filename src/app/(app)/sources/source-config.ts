import type { Provider } from "@/server/capture/ingestion-sources.schemas";
import { SOURCE_SECRET_BINDINGS } from "@/server/capture/source-secret-bindings";

/** A form's fields by name (FormData as text; a checked checkbox is "on"). */
export type FormFields = Record<string, string>;
type Config = Record<string, unknown>;

/** Comma, space or line separated values. */
export const listOf = (value: string | undefined) =>
  (value ?? "")
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

/** Optional fields of a form, only when filled in (the server applies its defaults to the others). */
const filled = (form: FormFields, names: string[]) =>
  Object.fromEntries(names.filter((name) => form[name]).map((name) => [name, form[name]]));

/** The config of an upload source: its default mailbox. */
export const uploadConfigFrom = (form: FormFields) => (form.userEmail ? { userEmail: form.userEmail } : {});

/** The config of an imap source (docs/imap.md). */
export function imapConfigFrom(form: FormFields) {
  const mailboxes = (form.mailboxes ?? "")
    .split(/[\n,]/)
    .map((mailbox) => mailbox.trim())
    .filter(Boolean);
  return {
    host: form.host,
    port: Number(form.port || 993),
    secure: form.secure === "on",
    allowInsecure: form.allowInsecure === "on",
    username: form.username,
    password: form.password,
    ...(mailboxes.length > 0 ? { mailboxes } : {}),
    ...(form.userEmail ? { userEmail: form.userEmail } : {}),
  };
}

/** The config of an smtp-journal source (docs/journaling.md, "Journal sources"). */
export function journalConfigFrom(form: FormFields) {
  const allowedClients = listOf(form.allowedClients);
  return {
    internalDomains: listOf(form.internalDomains),
    requireTls: form.requireTls === "on",
    exchangeReports: form.exchangeReports === "on",
    ...(form.recipientAddress ? { recipientAddress: form.recipientAddress } : {}),
    ...(allowedClients.length > 0 ? { allowedClients } : {}),
    ...(form.username ? { username: form.username, password: form.password } : {}),
  };
}

/** The config of a microsoft365 source (docs/connectors.md, "Microsoft 365"). */
export function microsoft365ConfigFrom(form: FormFields) {
  const mailboxes = listOf(form.mailboxes);
  return {
    tenantId: form.tenantId,
    clientId: form.clientId,
    clientSecret: form.clientSecret,
    ...filled(form, ["graphUrl", "loginUrl", "graphScope"]),
    ...(mailboxes.length > 0 ? { mailboxes } : {}),
    ...(form.includeDeletedAndJunk === "on" ? { includeDeletedAndJunk: true } : {}),
  };
}

/** The config of a google-workspace source (docs/connectors.md, "Google Workspace"). */
export function googleWorkspaceConfigFrom(form: FormFields) {
  const mailboxes = listOf(form.mailboxes);
  return {
    serviceAccountKey: form.serviceAccountKey,
    adminEmail: form.adminEmail,
    ...filled(form, ["customer", "gmailUrl", "directoryUrl"]),
    ...(mailboxes.length > 0 ? { mailboxes } : {}),
    ...(form.includeSpamTrash === "on" ? { includeSpamTrash: true } : {}),
  };
}

const BUILDERS: Record<Provider, (form: FormFields) => Config> = {
  upload: uploadConfigFrom,
  imap: imapConfigFrom,
  "smtp-journal": journalConfigFrom,
  microsoft365: microsoft365ConfigFrom,
  "google-workspace": googleWorkspaceConfigFrom,
};

/** The config of a new source of `provider` from its form. */
export const configFrom = (provider: Provider, form: FormFields): Config => BUILDERS[provider](form);

/** The field without which a source has no credential (a journal source without `username`), as the server reads it. */
const CREDENTIAL_OWNER: Partial<Record<Provider, string>> = {
  imap: "username",
  "smtp-journal": "username",
  microsoft365: "clientId",
  "google-workspace": "adminEmail",
};

/**
 * The config an edit form sends: the provider's fields, a secret left empty left out (the server then
 * keeps the stored one, as long as it may: see `secretsToEnterAgain`).
 */
export function editedConfigFrom(provider: Provider, form: FormFields): Config {
  const config = BUILDERS[provider](form);
  for (const secret of SOURCE_SECRET_BINDINGS[provider].secrets) if (!config[secret]) delete config[secret];
  return config;
}

const same = (left: unknown, right: unknown) => JSON.stringify(left ?? null) === JSON.stringify(right ?? null);

/**
 * The secrets an edit must carry, each with why: a source's stored secret only goes where it was
 * entered for (src/server/platform/config/secret-binding.ts, which the server enforces with a 422 on
 * `config.<secret>`), so a change of the host, the login or another field it is bound to needs the
 * secret again; so does a credential the source did not have. `stored` is the config as listed
 * (secrets shown as `<secret>Set`).
 */
export function secretsToEnterAgain(provider: Provider, stored: Config, next: Config): { secret: string; because: string[] }[] {
  const binding = SOURCE_SECRET_BINDINGS[provider];
  const owner = CREDENTIAL_OWNER[provider];
  if (owner === undefined || next[owner] === undefined || next[owner] === "") return [];
  const changed = binding.boundTo.filter((field) => !same(stored[field], next[field]));
  return binding.secrets
    .filter((secret) => next[secret] === undefined && (changed.length > 0 || stored[`${secret}Set`] !== true))
    .map((secret) => ({ secret, because: stored[`${secret}Set`] === true ? changed : [] }));
}

/** The sentence a form shows under a secret it needs again. */
export function secretPrompt(need: { secret: string; because: string[] }): string {
  return need.because.length > 0
    ? `Enter the ${need.secret} again: ${need.because.join(", ")} changed, and a stored ${need.secret} only goes where it was entered for.`
    : `Enter the ${need.secret}: none is stored.`;
}

/** Form values (text) of a stored config, for an edit form's defaults. */
export function formValuesOf(config: Config): FormFields {
  const values: FormFields = {};
  for (const [key, value] of Object.entries(config)) {
    if (typeof value === "string" || typeof value === "number") values[key] = String(value);
    else if (Array.isArray(value)) values[key] = value.join(", ");
    else if (typeof value === "boolean") values[key] = value ? "on" : "";
  }
  return values;
}
