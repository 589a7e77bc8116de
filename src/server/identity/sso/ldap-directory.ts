import { readFileSync } from "node:fs";
import { Client, EqualityFilter, InvalidCredentialsError, type Entry } from "ldapts";
import { AppError } from "../../platform/errors/app-error";
import type { DirectoryIdentity } from "./sign-in-directory-user";
import type { LdapConfig } from "./sso-config";

export type DirectoryAnswer =
  | { kind: "authenticated"; identity: DirectoryIdentity }
  /** The directory knows the user but refused the bind: wrong password, disabled or locked account. */
  | { kind: "refused" }
  | { kind: "not_in_directory" };

/** The code Node gives a TLS connection whose certificate it refused (unknown CA, wrong name, expired), if that is why it failed. */
function certificateErrorCode(error: unknown): string | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /CERT|SIGNATURE|ISSUER/.test(code)) return code;
  }
  return null;
}

/**
 * The 503 of a directory that cannot answer; local break-glass sign-in does not need it. A refused
 * certificate says so, since waiting will not help: the operator must trust its CA (LDAP_CA_FILE).
 */
export function directoryUnavailable(cause: unknown): AppError {
  const certificateError = certificateErrorCode(cause);
  if (certificateError) {
    return new AppError(
      "UNAVAILABLE",
      `The user directory's (LDAP) TLS certificate is not trusted (${certificateError}); set LDAP_CA_FILE to the certificate of the CA that signed it`,
      { cause },
    );
  }
  return new AppError("UNAVAILABLE", "The user directory (LDAP) cannot be reached; try again later", { cause });
}

const filterEscaper = new EqualityFilter({ attribute: "mail", value: "" });

/** LDAP_USER_FILTER with `{{email}}` replaced by the address escaped per RFC 4515 (no filter injection). */
export function userFilter(template: string, email: string): string {
  return template.replaceAll("{{email}}", filterEscaper.escape(email));
}

/** An attribute's values, its name compared case-insensitively as LDAP does. */
function values(entry: Entry, attribute: string): string[] {
  const name = Object.keys(entry).find((key) => key.toLowerCase() === attribute.toLowerCase());
  const value = name === undefined ? undefined : entry[name];
  return value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((item) => item.toString());
}

/** A group DN matches a rule by itself or by its first value (`cn=archive-auditors,ou=…` → `archive-auditors`). */
function groupNames(memberships: string[]): string[] {
  return memberships.flatMap((membership) => {
    const match = /^[^=,]+=((?:\\.|[^,\\])+)/.exec(membership);
    return match ? [membership, match[1].replace(/\\(.)/g, "$1")] : [membership];
  });
}

/** OpenLDAP's (RFC 4530) and Active Directory's immutable entry identities, asked for explicitly (operational attributes). */
const STABLE_ID_ATTRIBUTES = ["entryUUID", "objectGUID"];

/**
 * The entry's identity that survives renames and moves: `entryUUID`, else Active Directory's
 * `objectGUID` (hex), else (a directory offering neither) its DN, lower-cased. The issuer names the
 * attribute, so identities of different kinds never compare equal.
 */
export function stableIdentity(entry: Entry): { issuer: string; subject: string } {
  const uuid = values(entry, "entryUUID")[0];
  if (uuid) return { issuer: "ldap:entryUUID", subject: uuid.toLowerCase() };
  const guidName = Object.keys(entry).find((key) => key.toLowerCase() === "objectguid");
  const guid = guidName === undefined ? undefined : entry[guidName];
  const guidBytes = Array.isArray(guid) ? guid[0] : guid;
  if (Buffer.isBuffer(guidBytes) && guidBytes.length > 0) return { issuer: "ldap:objectGUID", subject: guidBytes.toString("hex") };
  return { issuer: "ldap:dn", subject: entry.dn.toLowerCase() };
}

function tlsOptions(config: LdapConfig) {
  return config.caFile ? { ca: readFileSync(config.caFile) } : {};
}

async function connect(config: LdapConfig): Promise<Client> {
  const client = new Client({
    url: config.url,
    timeout: config.timeoutMs,
    connectTimeout: config.timeoutMs,
    // ldapts speaks TLS from the first byte whenever tlsOptions are given, so they belong to ldaps://
    // only; StartTLS upgrades the plain connection with them instead.
    tlsOptions: config.url.toLowerCase().startsWith("ldaps://") ? tlsOptions(config) : undefined,
  });
  if (config.startTls) await client.startTLS(tlsOptions(config));
  return client;
}

/**
 * Finds the user with the service account (or anonymously), then binds as them with the given
 * password: the directory alone decides, so its password, lockout and disabled-account rules hold.
 */
export async function authenticateWithDirectory(options: {
  config: LdapConfig;
  email: string;
  password: string;
}): Promise<DirectoryAnswer> {
  const { config, email, password } = options;
  // An empty password would be an unauthenticated bind, which directories accept (RFC 4513 5.1.2).
  if (password.length === 0) return { kind: "refused" };
  let client: Client | undefined;
  try {
    client = await connect(config);
    if (config.bindDn) await client.bind(config.bindDn, config.bindPassword ?? "");
    const { searchEntries } = await client.search(config.userBase, {
      scope: "sub",
      filter: userFilter(config.userFilter, email),
      attributes: ["mail", "givenName", "sn", "cn", config.groupAttribute, ...STABLE_ID_ATTRIBUTES],
      explicitBufferAttributes: ["objectGUID"],
      sizeLimit: 2,
    });
    // No entry, or an ambiguous filter: the directory does not vouch for this address.
    if (searchEntries.length !== 1) return { kind: "not_in_directory" };
    const entry = searchEntries[0];
    try {
      await client.bind(entry.dn, password);
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return { kind: "refused" };
      throw error;
    }
    const mail = values(entry, "mail")[0] ?? email;
    return {
      kind: "authenticated",
      identity: {
        source: "ldap",
        ...stableIdentity(entry),
        email: mail,
        firstName: values(entry, "givenName")[0] ?? values(entry, "cn")[0] ?? "",
        lastName: values(entry, "sn")[0] ?? "",
        groupClaim: config.groupAttribute,
        groups: groupNames(values(entry, config.groupAttribute)),
      },
    };
  } catch (error) {
    throw directoryUnavailable(error);
  } finally {
    await client?.unbind().catch(() => undefined);
  }
}
