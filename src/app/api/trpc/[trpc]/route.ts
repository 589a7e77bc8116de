import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { TRPC_MAX_BATCH_SIZE } from "@/server/transport/trpc/batch-size";
import { createTrpcContext } from "@/server/transport/trpc/create-context";
import { retryAfterHeader, type TrpcContext } from "@/server/transport/trpc/init";
import { appRouter } from "@/server/transport/trpc/root";
import { renewSessionCookie, uiSessionPrincipal } from "@/server/identity/auth/session/session";
import { logInternalError } from "@/server/platform/errors/log-internal-error";

// The UI's session cookie counts only on requests that prove they come from our pages (auth/session/session.ts);
// bearer tokens and API keys are accepted as on REST. A credential change made from the UI keeps that
// one session, re-issued at the user's new session version (renewSessionCookie).
const handler = async (request: Request) => {
  let context: TrpcContext | undefined;
  const response = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    createContext: async () =>
      (context = await createTrpcContext({ headers: request.headers, sessionPrincipal: (ip) => uiSessionPrincipal(request.headers, ip) })),
    responseMeta: ({ errors }) => ({ headers: retryAfterHeader(errors) }),
    // As REST's errorResponse() does: the caller gets "Internal server error", the log gets the cause.
    onError: ({ error }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") logInternalError(error.cause ?? error);
    },
  });
  await renewSessionCookie(request, response, context?.principal);
  return response;
};

export { handler as GET, handler as POST };
