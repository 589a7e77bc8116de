import { pgPool } from "../../platform/db/pg-pool";
import { AppError } from "../../platform/errors/app-error";
import { abilityFor } from "../authz/ability";
import { policiesSchema, type Policy } from "../authz/permissions";
import { verifyAccessToken } from "./access-tokens";
import { hashApiKey } from "./api-keys";
import { mfaRequiredOf } from "../../settings/settings.schemas";
import { groupedRunner } from "../../platform/concurrency/grouped-runner";
import { findApiKeyPrincipalRows, findPrincipalRows, recordApiKeyUse, type ApiKeyPrincipalRow, type PrincipalRow } from "./auth.queries";
import { owesMfaEnrolment } from "./mfa/mfa-enrolment";
import type { Principal } from "./principal";

const unauthenticated = (message = "Authentication required") => new AppError("UNAUTHENTICATED", message);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Abilities by the text of the role's policies: building a CASL ability and validating the
 * policies costs more than the lookup itself, and every request of a role repeats them. The key is
 * the policies as stored, so an edited role is a new key; the map is bounded by clearing it.
 */
const abilitiesByPolicies = new Map<string, Pick<Principal, "policies" | "ability">>();
const MAX_CACHED_ABILITIES = 500;

function abilityOfStoredPolicies(policiesJson: string | null): Pick<Principal, "policies" | "ability"> {
  const key = policiesJson ?? "[]";
  let entry = abilitiesByPolicies.get(key);
  if (!entry) {
    const parsed = policiesSchema.safeParse(JSON.parse(key));
    const policies: Policy[] = parsed.success ? parsed.data : [];
    entry = { policies, ability: abilityFor(policies) };
    if (abilitiesByPolicies.size >= MAX_CACHED_ABILITIES) abilitiesByPolicies.clear();
    abilitiesByPolicies.set(key, entry);
  }
  return entry;
}

/** What the credential says beyond the user: the API key it is, or the session version it was issued with. */
export interface CredentialFacts {
  apiKeyId?: string;
  /** Absent only for callers that hold no credential (tests, the CLI): then no version is compared. */
  sessionVersion?: number;
  /** A UI session signed in through single sign-on (OIDC): exempt from the two-factor requirement. */
  singleSignOn?: boolean;
}

/**
 * The caller's row, read afresh for every request and never cached, so a disabled user or a revoked
 * token fails at once in every process. Concurrent requests share the statement: lookups asked
 * while one is running go together as the next (`WHERE id = ANY(...)`), which starts after each
 * of them was asked, so none is answered from a read older than its request.
 */
const findPrincipalRowGrouped = groupedRunner(async (userIds: string[]): Promise<(PrincipalRow | null)[]> => {
  const rows = await findPrincipalRows(pgPool(), [...new Set(userIds)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return userIds.map((userId) => byId.get(userId.toLowerCase()) ?? null);
});

/**
 * The API keys presented by concurrent requests, read together as the users are
 * (findPrincipalRowGrouped): each key with its owner's row, so a request with a key is
 * authenticated by one statement. Never cached: a revoked key fails at once in every process.
 */
const findApiKeyRowGrouped = groupedRunner(async (keyHashes: string[]): Promise<(ApiKeyPrincipalRow | null)[]> => {
  const rows = await findApiKeyPrincipalRows(pgPool(), [...new Set(keyHashes)]);
  const byHash = new Map(rows.map((row) => [row.key_hash, row]));
  return keyHashes.map((keyHash) => byHash.get(keyHash) ?? null);
});

/**
 * The user with their role's current policies, read on every request (one statement, through `pg`,
 * shared by concurrent requests);
 * null for a deleted or disabled user, or a token or session older than the user's last revocation.
 */
export async function principalForUser(
  userId: string,
  ip: string,
  via: Principal["via"],
  credential: CredentialFacts = {},
): Promise<Principal | null> {
  if (!UUID.test(userId)) return null;
  return principalOfRow(await findPrincipalRowGrouped(userId), ip, via, credential);
}

/** The principal of a user's row as just read (principalForUser); null for a missing or disabled user or a revoked session. */
function principalOfRow(user: PrincipalRow | null, ip: string, via: Principal["via"], credential: CredentialFacts): Principal | null {
  if (!user || user.disabled) return null;
  if (credential.sessionVersion !== undefined && credential.sessionVersion !== user.session_version) return null;
  const { apiKeyId } = credential;
  const abilities = abilityOfStoredPolicies(user.policies);
  const mfaEnrolmentRequired = owesMfaEnrolment({
    setting: mfaRequiredOf(user.mfa_required),
    mfaEnabled: user.mfa_enabled,
    ability: abilities.ability,
    via,
    singleSignOn: credential.singleSignOn === true,
  });
  return {
    userId: user.id,
    email: user.email,
    roleId: user.role_id,
    ...abilities,
    actor: { identifier: user.email, ip, userId: user.id, ...(apiKeyId === undefined ? {} : { apiKeyId }) },
    via,
    ...(mfaEnrolmentRequired ? { mfaEnrolmentRequired } : {}),
  };
}

/** `lastUsedAt` is kept to the minute: a key sending many requests writes its row at most once a minute. */
const LAST_USED_PRECISION_MS = 60_000;

/** Resolves the caller from `Authorization: Bearer <jwt>` or `X-API-KEY`; 401 otherwise. */
export async function authenticate(options: { headers: Headers; ip: string }): Promise<Principal> {
  const apiKey = options.headers.get("x-api-key");
  const authorization = options.headers.get("authorization");
  if (apiKey) {
    const record = await findApiKeyRowGrouped(hashApiKey(apiKey.trim()));
    if (!record) throw unauthenticated("Invalid API key");
    if (record.expires_at && record.expires_at.getTime() <= Date.now()) throw unauthenticated("API key expired");
    const principal = principalOfRow(record, options.ip, "apiKey", { apiKeyId: record.key_id });
    if (!principal) throw unauthenticated("Invalid API key");
    if (!record.last_used_at || record.last_used_at.getTime() < Date.now() - LAST_USED_PRECISION_MS)
      await recordApiKeyUse(pgPool(), record.key_id);
    return principal;
  }
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (!match) throw unauthenticated("Malformed Authorization header");
    const subject = await verifyAccessToken(match[1]);
    if (!subject) throw unauthenticated("Invalid or expired token");
    const principal = await principalForUser(subject.userId, options.ip, "token", { sessionVersion: subject.sessionVersion });
    if (!principal) throw unauthenticated("Invalid or expired token");
    return principal;
  }
  throw unauthenticated();
}
