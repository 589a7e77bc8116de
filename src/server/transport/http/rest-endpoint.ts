import type { ZodType } from "zod";
import { assertOperationAccess, parseOperationInputs } from "../../api/operation-access";
import { HTTP_METHODS, type AnyOperation, type HttpMethod, type HttpRoute } from "../../api/operation";
import { authenticate } from "../../identity/auth/authenticate";
import type { Principal } from "../../identity/auth/principal";
import { config } from "../../platform/config/env";
import { AppError } from "../../platform/errors/app-error";
import { REPLICA_LAG_HEADER, routeRequest } from "../../platform/db/replica-reads";
import { clientIp } from "../../platform/http/client-ip";
import { errorResponse, jsonResponse } from "./error-response";
import { readJsonBody } from "./read-body";

export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/** What a route handler serves: its declared operation, and whether callers send a token (REST) or the UI's session cookie. */
export interface RouteBinding {
  operation: AnyOperation;
  credentials: "token" | "session";
}

export type RouteHandler = ((request: Request, context: RouteContext) => Promise<Response>) & {
  /** For tools that walk the routes (the hostile-input walk, the route test): what the handler serves. */
  readonly binding?: RouteBinding;
};

/** Attaches the binding as a non-enumerable, read-only `binding` property. */
function boundHandler(handler: (request: Request, context: RouteContext) => Promise<Response>, binding: RouteBinding): RouteHandler {
  return Object.defineProperty(handler, "binding", { value: Object.freeze(binding), enumerable: false });
}

interface EndpointContext<P, B, Q> {
  request: Request;
  params: P;
  body: B;
  query: Q;
  ip: string;
}

/** The query string as an object; a repeated key keeps its first value. */
function queryObject(url: URL): Record<string, string> {
  const query: Record<string, string> = Object.create(null);
  for (const [key, value] of url.searchParams) if (!(key in query)) query[key] = value;
  return query;
}

/** The caller, from the request's credentials (bearer token or API key, or the UI's session cookie); throws when none is valid. */
export type CallerResolver = (request: Request, ip: string) => Promise<Principal>;

type PipelineContext = EndpointContext<unknown, unknown, unknown> & { principal: Principal | null };

/**
 * The one request pipeline of `restRoute()` and `uiRoute()`, driven by the operation's declaration:
 * finds the caller, runs the one access check (two-factor enrolment, license feature, permission, rate
 * limit), parses params, query and body with their schemas, calls the handler and shapes its answer;
 * whatever is thrown becomes the error body.
 */
export function boundEndpoint(binding: RouteBinding, caller: CallerResolver): RouteHandler {
  const { operation } = binding;
  const http = operation.kind === "http" ? operation : undefined;
  const status = operation.status ?? 200;
  const readsJsonBody = operation.body !== undefined && http?.rawBody !== true;
  return boundHandler(async (request, context) => {
    try {
      const ip = clientIp(request.headers);
      const principal = operation.access.permission === "public" ? null : await caller(request, ip);
      await assertOperationAccess(principal, operation.access);
      const { params, query, body } = parseOperationInputs({
        params: { schema: operation.params, value: operation.params && (await context.params) },
        query: { schema: operation.query, value: operation.query && queryObject(new URL(request.url)) },
        body: readsJsonBody
          ? { schema: operation.body as ZodType, value: await readJsonBody(request, config.maxJsonBodyBytes) }
          : { schema: undefined, value: undefined },
      });
      const { result, replicaLagMs } = await routeRequest(
        { readsReplica: operation.reads === "replica", mayWrite: request.method !== "GET", callerKey: principal?.userId ?? null },
        () => (operation.handler as (context: PipelineContext) => Promise<unknown>)({ request, params, body, query, ip, principal }),
      );
      const response =
        result instanceof Response
          ? result
          : status === 204
            ? new Response(null, { status: 204 })
            : jsonResponse(result === undefined ? null : result, status);
      if (replicaLagMs !== null) response.headers.set(REPLICA_LAG_HEADER, String(replicaLagMs));
      return response;
    } catch (error) {
      return errorResponse(error);
    }
  }, binding);
}

const tokenCaller: CallerResolver = (request, ip) => authenticate({ headers: request.headers, ip });

/** All methods of a route file: the ones given, and 405 in the error body for the rest. */
export function routeMethods(handlers: Partial<Record<HttpMethod, RouteHandler>>): Record<HttpMethod, RouteHandler> {
  const notAllowed: RouteHandler = async (request) =>
    errorResponse(new AppError("METHOD_NOT_ALLOWED", `${request.method} is not allowed on this path`));
  return Object.fromEntries(HTTP_METHODS.map((method) => [method, handlers[method] ?? notAllowed])) as Record<HttpMethod, RouteHandler>;
}

/**
 * A route file's methods from the operations it serves, each at the method its declaration names
 * (`route` picks the `rest` or `ui` route); a route file never writes a method or a path itself.
 * tests/architecture/route-files.test.ts checks that each declared path is served by its own file.
 */
export function bindRoutes(
  operations: readonly AnyOperation[],
  route: (operation: AnyOperation) => HttpRoute | undefined,
  bind: (operation: AnyOperation) => RouteHandler,
): Record<HttpMethod, RouteHandler> {
  const handlers: Partial<Record<HttpMethod, RouteHandler>> = {};
  for (const operation of operations) {
    const declared = route(operation);
    if (!declared) throw new Error(`Operation "${operation.summary}" declares no route for this binder`);
    if (handlers[declared.method]) throw new Error(`Two operations at ${declared.method} ${declared.path}`);
    handlers[declared.method] = bind(operation);
  }
  return routeMethods(handlers);
}

/** Binds declared operations to their REST route (bearer token or API key): the route file's one line. */
export function restRoute(...operations: AnyOperation[]): Record<HttpMethod, RouteHandler> {
  return bindRoutes(
    operations,
    (operation) => operation.rest,
    (operation) => boundEndpoint({ operation, credentials: "token" }, tokenCaller),
  );
}

/** Unknown paths under /v1 and /api/v1 answer 404 in the error body. */
export const unknownRoute: RouteHandler = async (request) =>
  errorResponse(new AppError("NOT_FOUND", `No route for ${request.method} ${new URL(request.url).pathname}`));

/** A route file's exports: one handler per HTTP method. */
export type RouteModule = Partial<Record<string, RouteHandler>>;
