import { z, type ZodType } from "zod";
import type { Principal } from "../auth/principal";
import { assertCan } from "../authz/ability";
import type { Permission } from "../authz/permissions";
import { AppError } from "../errors/app-error";
import { enforceRateLimit, type RateLimitedAction } from "../rate-limit/enforce-rate-limit";
import { sessionPrincipal, uiSessionPrincipal } from "../trpc/session";
import { clientIp } from "./client-ip";
import { errorResponse } from "./error-response";
import type { RouteContext, RouteHandler } from "./rest-endpoint";
import { zodFieldErrors } from "./error-response";

/**
 * Route handlers for the browser UI that tRPC cannot carry (downloads, streamed uploads): the
 * next-auth session cookie authenticates. State-changing requests must also prove they come from
 * our pages (the x-trpc-source header and same Origin, session.ts); downloads are plain GETs.
 */
export function sessionEndpoint<PS extends ZodType>(spec: {
  permission: Permission;
  params: PS;
  changesState: boolean;
  rateLimit?: RateLimitedAction;
  handler: (context: { principal: Principal; params: z.infer<PS>; request: Request }) => Promise<Response>;
}): RouteHandler {
  return async (request: Request, context: RouteContext) => {
    try {
      const ip = clientIp(request.headers);
      const principal = spec.changesState ? await uiSessionPrincipal(request.headers, ip) : await sessionPrincipal(request.headers.get("cookie"), ip);
      if (!principal) throw new AppError("UNAUTHENTICATED", "Sign in first");
      assertCan(principal.ability, spec.permission);
      if (spec.rateLimit) await enforceRateLimit({ principal, action: spec.rateLimit });
      const parsed = spec.params.safeParse(await context.params);
      if (!parsed.success) throw new AppError("VALIDATION", "Invalid input", { fieldErrors: zodFieldErrors(parsed.error) });
      return await spec.handler({ principal, params: parsed.data, request });
    } catch (error) {
      return errorResponse(error);
    }
  };
}
