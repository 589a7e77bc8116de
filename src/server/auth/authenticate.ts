import { Prisma } from "@/generated/prisma/client";
import { db } from "../db/client";
import { pgPool } from "../db/pg-pool";
import { querySql } from "../db/sql-client";
import { AppError } from "../errors/app-error";
import { abilityFor } from "../authz/ability";
import { policiesSchema, type Policy } from "../authz/permissions";
import { verifyAccessToken } from "./access-tokens";
import { hashApiKey } from "./api-keys";
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

/** The user with their role's current policies, read on every request (one statement, through `pg`). */
export async function principalForUser(
  userId: string,
  ip: string,
  via: Principal["via"],
  apiKeyId?: string,
): Promise<Principal | null> {
  if (!UUID.test(userId)) return null;
  const rows = await querySql<{ id: string; email: string; role_id: string | null; policies: string | null }>(pgPool(), Prisma.sql`
    SELECT u.id, u.email, u.role_id, r.policies::text AS policies
      FROM users u LEFT JOIN roles r ON r.id = u.role_id
     WHERE u.id = ${userId}::uuid`);
  const user = rows[0];
  if (!user) return null;
  return {
    userId: user.id,
    email: user.email,
    roleId: user.role_id,
    ...abilityOfStoredPolicies(user.policies),
    actor: { identifier: user.email, ip, userId: user.id, ...(apiKeyId === undefined ? {} : { apiKeyId }) },
    via,
  };
}

/** Resolves the caller from `Authorization: Bearer <jwt>` or `X-API-KEY`; 401 otherwise. */
export async function authenticate(options: { headers: Headers; ip: string }): Promise<Principal> {
  const apiKey = options.headers.get("x-api-key");
  const authorization = options.headers.get("authorization");
  if (apiKey) {
    const record = await db().apiKey.findUnique({ where: { keyHash: hashApiKey(apiKey.trim()) } });
    if (!record) throw unauthenticated("Invalid API key");
    if (record.expiresAt && record.expiresAt.getTime() <= Date.now()) throw unauthenticated("API key expired");
    const principal = await principalForUser(record.userId, options.ip, "apiKey", record.id);
    if (!principal) throw unauthenticated("Invalid API key");
    return principal;
  }
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (!match) throw unauthenticated("Malformed Authorization header");
    const userId = await verifyAccessToken(match[1]);
    if (!userId) throw unauthenticated("Invalid or expired token");
    const principal = await principalForUser(userId, options.ip, "token");
    if (!principal) throw unauthenticated("Invalid or expired token");
    return principal;
  }
  throw unauthenticated();
}
