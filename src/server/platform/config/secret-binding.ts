import type { FieldError } from "../errors/app-error";
import { decryptSecret, encryptSecret } from "./encryption";

/**
 * Where a stored secret may go: the one rule for every configuration that keeps a secret in the
 * database (the ingestion sources of every provider, source-secret-bindings.ts; any later
 * DB-editable connector such as a cloud source's client secret, or LDAP/OIDC settings should they
 * move from the environment into the database).
 *
 * A secret is entered for a destination: the values of its `boundTo` fields (host, port, TLS mode,
 * username...). A change of any of them without the secret entered again is refused (422 naming the
 * secret's field), so a stored secret never follows a config to somewhere else. A secret the
 * service sends out (`outbound`) is also sealed to those values (AES-GCM associated data): it opens
 * only for the destination it was entered for, whatever path changed the row.
 */
export interface SecretBinding {
  /** Fields entered in plain and stored only encrypted, as `<name>Encrypted` (shown as `<name>Set`). */
  readonly secrets: readonly string[];
  /** Fields deciding where the secrets go or whom they authenticate: changing one needs every secret again. */
  readonly boundTo: readonly string[];
  /** The service sends the secrets to the destination (an IMAP login): sealed to the `boundTo` values. */
  readonly outbound: boolean;
}

export type Config = Record<string, unknown>;

/** The stored name of a secret field. */
export const sealedName = (secret: string) => `${secret}Encrypted`;

const same = (left: unknown, right: unknown) => JSON.stringify(left ?? null) === JSON.stringify(right ?? null);

/** The sealing context: the `boundTo` values, in order. */
const destinationOf = (binding: SecretBinding, config: Config) => JSON.stringify(binding.boundTo.map((field) => config[field] ?? null));

/** The `boundTo` fields whose values differ between two configs (both with their defaults applied). */
export function changedDestinationFields(binding: SecretBinding, previous: Config, next: Config): string[] {
  return binding.boundTo.filter((field) => !same(previous[field], next[field]));
}

/**
 * Field errors for every secret that would be carried from `previous` into `next` (not entered again)
 * while a field it is bound to changed; empty when the change may keep the stored secrets.
 */
export function unboundSecretErrors(options: {
  binding: SecretBinding;
  previous: Config;
  next: Config;
  /** The secrets the change keeps from `previous` (not given in `next`). */
  carried: readonly string[];
  fieldPrefix?: string;
}): FieldError[] {
  const changed = changedDestinationFields(options.binding, options.previous, options.next);
  if (changed.length === 0) return [];
  return options.carried.map((secret) => ({
    field: `${options.fieldPrefix ?? ""}${secret}`,
    message: `${secret} must be entered again when ${changed.join(", ")} change${changed.length === 1 ? "s" : ""}: a stored ${secret} only goes where it was entered for`,
  }));
}

/** The stored form of a secret entered for `config`'s destination. */
export function sealSecret(binding: SecretBinding, config: Config, plain: string): string {
  return binding.outbound ? encryptSecret(plain, destinationOf(binding, config)) : encryptSecret(plain);
}

/**
 * A stored secret, opened for `config`'s destination: an outbound secret sealed for another
 * destination does not open (throws). Values written before bindings existed open unbound.
 */
export function openSecret(binding: SecretBinding, config: Config, secret: string): string {
  const sealed = config[sealedName(secret)];
  if (typeof sealed !== "string") throw new Error(`No stored ${secret}`);
  return binding.outbound ? decryptSecret(sealed, destinationOf(binding, config)) : decryptSecret(sealed);
}

/** A config as the database keeps it: each given secret sealed, the others kept from `carried` (their sealed values). */
export function sealSecrets(binding: SecretBinding, config: Config, carried: Config = {}): Config {
  const stored: Config = { ...config };
  for (const secret of binding.secrets) {
    const plain = stored[secret];
    delete stored[secret];
    if (typeof plain === "string") stored[sealedName(secret)] = sealSecret(binding, stored, plain);
    else if (carried[sealedName(secret)] !== undefined) stored[sealedName(secret)] = carried[sealedName(secret)];
  }
  return stored;
}

/** A config as it may be shown or audited: every sealed secret only as `<name>Set: true`. */
export function withoutSecrets(config: unknown): Config {
  const shown: Config = {};
  for (const [key, value] of Object.entries((config ?? {}) as Config)) {
    if (key.endsWith("Encrypted")) shown[`${key.slice(0, -"Encrypted".length)}Set`] = true;
    else shown[key] = value;
  }
  return shown;
}
