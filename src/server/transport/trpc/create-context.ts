import { authenticate } from "../../identity/auth/authenticate";
import type { Principal } from "../../identity/auth/principal";
import { AppError } from "../../platform/errors/app-error";
import { clientIp } from "../../platform/http/client-ip";
import type { TrpcContext } from "./init";

/**
 * The caller of a tRPC request: a session resolver (the UI's next-auth session) when given,
 * else the same bearer token / API key authentication as REST; anonymous when none is sent.
 */
export async function createTrpcContext(options: {
  headers: Headers;
  sessionPrincipal?: (ip: string) => Promise<Principal | null>;
}): Promise<TrpcContext> {
  const ip = clientIp(options.headers);
  const fromSession = options.sessionPrincipal ? await options.sessionPrincipal(ip) : null;
  if (fromSession) return { principal: fromSession, ip };
  if (!options.headers.get("authorization") && !options.headers.get("x-api-key")) return { principal: null, ip };
  try {
    return { principal: await authenticate({ headers: options.headers, ip }), ip };
  } catch (error) {
    if (error instanceof AppError && error.code === "UNAUTHENTICATED") return { principal: null, ip };
    throw error;
  }
}
