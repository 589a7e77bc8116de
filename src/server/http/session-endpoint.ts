import { z, type ZodType } from "zod";
import { assertMfaEnrolmentDone } from "../auth/mfa/mfa-enrolment";
import type { Principal } from "../auth/principal";
import { assertCan } from "../authz/ability";
import type { Permission } from "../authz/permissions";
import { AppError } from "../errors/app-error";
import { enforceRateLimit, type RateLimitedAction } from "../rate-limit/enforce-rate-limit";
import { sessionPrincipal, uiSessionPrincipal } from "../auth/session/session";
import { clientIp } from "./client-ip";
import { errorResponse } from "./error-response";
import { describedHandler, parseWith, queryObject, type RouteHandler } from "./rest-endpoint";

type Infer<S> = S extends ZodType ? z.infer<S> : undefined;

/**
 * Route handlers for the browser UI that tRPC cannot carry (downloads, streamed uploads): the
 * next-auth session cookie authenticates. State-changing requests must also prove they come from
 * our pages (the x-trpc-source header and same Origin, session.ts); downloads are plain GETs.
 */
export function sessionEndpoint<PS extends ZodType, QS extends ZodType | undefined = undefined>(spec: {
  permission: Permission;
  params: PS;
  query?: QS;
  changesState: boolean;
  rateLimit?: RateLimitedAction;
  handler: (context: { principal: Principal; params: z.infer<PS>; query: Infer<QS>; request: Request }) => Promise<Response>;
}): RouteHandler {
  return describedHandler(
    async (request, context) => {
      try {
        const ip = clientIp(request.headers);
        const principal = spec.changesState
          ? await uiSessionPrincipal(request.headers, ip)
          : await sessionPrincipal(request.headers.get("cookie"), ip);
        if (!principal) throw new AppError("UNAUTHENTICATED", "Sign in first");
        assertMfaEnrolmentDone(principal);
        assertCan(principal.ability, spec.permission);
        if (spec.rateLimit) await enforceRateLimit({ principal, action: spec.rateLimit });
        const params = parseWith(spec.params, await context.params);
        const query = (spec.query ? parseWith(spec.query, queryObject(new URL(request.url))) : undefined) as Infer<QS>;
        return await spec.handler({ principal, params, query, request });
      } catch (error) {
        return errorResponse(error);
      }
    },
    {
      credentials: "session",
      auth: spec.permission,
      rateLimit: spec.rateLimit,
      params: spec.params,
      query: spec.query,
      // Uploads stream their body to the handler; downloads take none.
      rawBody: spec.changesState,
      status: 200,
    },
  );
}
