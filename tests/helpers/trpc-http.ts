import { encode } from "next-auth/jwt";
import { appRouter } from "../../src/server/transport/trpc/root";
import { sessionSecret } from "../../src/server/identity/auth/session/auth-options";
import { UI_REQUEST_HEADER, UI_REQUEST_HEADER_VALUE } from "../../src/server/platform/http/ui-request-header";

type ProcedureDefs = Record<string, { _def: { type: "query" | "mutation" | "subscription" } }>;
const procedures = (appRouter as unknown as { _def: { procedures: ProcedureDefs } })._def.procedures;

/** Every procedure of the app router, e.g. "search.run". */
export const procedureNames = (): string[] => Object.keys(procedures);

export const isMutation = (name: string): boolean => procedures[name]._def.type === "mutation";

/**
 * A next-auth session cookie for the user, signed as next-auth signs it (what the browser holds after sign-in);
 * `claims` adds what the sign-in callbacks would (e.g. the single sign-on marker).
 */
export async function sessionCookieFor(userId: string, email = "user@example.com", claims: Record<string, unknown> = {}): Promise<string> {
  const token = await encode({ token: { ...claims, sub: userId, email }, secret: sessionSecret() });
  return `next-auth.session-token=${token}`;
}

/** The headers the UI's own pages send with their session cookie. */
export const uiHeaders = (cookie: string): Record<string, string> => ({
  cookie,
  [UI_REQUEST_HEADER]: UI_REQUEST_HEADER_VALUE,
  host: "localhost",
  origin: "http://localhost",
});

/**
 * Calls a procedure through the real /api/trpc route handler, as the tRPC client does (queries as
 * GET with `?input=`, mutations as POST with a JSON body). `rawBody` replaces the JSON text as is.
 */
export async function trpcHttp(
  name: string,
  input: unknown,
  headers: Record<string, string>,
  options: { rawBody?: string; contentType?: string } = {},
): Promise<Response> {
  const { GET, POST } = await import("../../src/app/api/trpc/[trpc]/route");
  const mutation = isMutation(name);
  const queryInput = options.rawBody ?? (input === undefined ? undefined : JSON.stringify(input));
  const url =
    mutation || queryInput === undefined
      ? `http://localhost/api/trpc/${name}`
      : `http://localhost/api/trpc/${name}?${new URLSearchParams({ input: queryInput })}`;
  const request = new Request(url, {
    method: mutation ? "POST" : "GET",
    headers: { ...headers, ...(options.contentType === "" ? {} : { "content-type": options.contentType ?? "application/json" }) },
    body: mutation ? (options.rawBody ?? JSON.stringify(input ?? null)) : undefined,
  });
  return (mutation ? POST : GET)(request);
}
