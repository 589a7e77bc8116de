import { z, type ZodType } from "zod";
import type { Principal } from "../auth/principal";
import type { Permission } from "../authz/permissions";
import { AppError } from "../errors/app-error";
import type { RateLimitedAction } from "../rate-limit/enforce-rate-limit";
import { sessionPrincipal, uiSessionPrincipal } from "../auth/session/session";
import { describedEndpoint, type CallerResolver, type RouteHandler } from "./rest-endpoint";

type Infer<S> = S extends ZodType ? z.infer<S> : undefined;

/**
 * Route handlers for the browser UI that tRPC cannot carry (downloads, streamed uploads): the
 * next-auth session cookie authenticates. State-changing requests must also prove they come from
 * our pages (the x-trpc-source header and same Origin, auth/session/session.ts); downloads are plain GETs.
 */
export function sessionEndpoint<PS extends ZodType, QS extends ZodType | undefined = undefined>(spec: {
  permission: Permission;
  params: PS;
  query?: QS;
  changesState: boolean;
  rateLimit?: RateLimitedAction;
  handler: (context: { principal: Principal; params: z.infer<PS>; query: Infer<QS>; request: Request }) => Promise<Response>;
}): RouteHandler {
  const sessionCaller: CallerResolver = async (request, ip) => {
    const principal = spec.changesState
      ? await uiSessionPrincipal(request.headers, ip)
      : await sessionPrincipal(request.headers.get("cookie"), ip);
    if (!principal) throw new AppError("UNAUTHENTICATED", "Sign in first");
    return principal;
  };
  return describedEndpoint(
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
    sessionCaller,
    (context) => spec.handler(context as Parameters<typeof spec.handler>[0]),
  );
}
