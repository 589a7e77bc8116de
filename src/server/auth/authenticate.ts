import { db } from "../db/client";
import { AppError } from "../errors/app-error";
import { abilityFor } from "../authz/ability";
import { policiesSchema, type Policy } from "../authz/permissions";
import { verifyAccessToken } from "./access-tokens";
import { hashApiKey } from "./api-keys";
import type { Principal } from "./principal";

const unauthenticated = (message = "Authentication required") => new AppError("UNAUTHENTICATED", message);

export async function principalForUser(userId: string, ip: string, via: Principal["via"]): Promise<Principal | null> {
  const user = await db().user.findUnique({ where: { id: userId }, include: { role: true } });
  if (!user) return null;
  const parsed = policiesSchema.safeParse(user.role?.policies ?? []);
  const policies: Policy[] = parsed.success ? parsed.data : [];
  return {
    userId: user.id,
    email: user.email,
    roleId: user.roleId,
    policies,
    ability: abilityFor(policies),
    actor: { identifier: user.email, ip },
    via,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Resolves the caller from `Authorization: Bearer <jwt>` or `X-API-KEY`; 401 otherwise. */
export async function authenticate(options: { headers: Headers; ip: string }): Promise<Principal> {
  const apiKey = options.headers.get("x-api-key");
  const authorization = options.headers.get("authorization");
  if (apiKey) {
    const record = await db().apiKey.findUnique({ where: { keyHash: hashApiKey(apiKey.trim()) } });
    if (!record) throw unauthenticated("Invalid API key");
    if (record.expiresAt && record.expiresAt.getTime() <= Date.now()) throw unauthenticated("API key expired");
    const principal = await principalForUser(record.userId, options.ip, "apiKey");
    if (!principal) throw unauthenticated("Invalid API key");
    return principal;
  }
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (!match) throw unauthenticated("Malformed Authorization header");
    const userId = await verifyAccessToken(match[1]);
    if (!userId || !UUID.test(userId)) throw unauthenticated("Invalid or expired token");
    const principal = await principalForUser(userId, options.ip, "token");
    if (!principal) throw unauthenticated("Invalid or expired token");
    return principal;
  }
  throw unauthenticated();
}
