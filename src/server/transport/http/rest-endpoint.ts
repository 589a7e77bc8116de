import type { ZodType } from "zod";
import { assertOperationAccess, parseOperationInput } from "../../api/operation-access";
import type { AnyOperation } from "../../api/operation";
import { authenticate } from "../../identity/auth/authenticate";
import type { Principal } from "../../identity/auth/principal";
import type { Permission } from "../../identity/authz/permissions";
import { config } from "../../platform/config/env";
import { AppError } from "../../platform/errors/app-error";
import { REPLICA_LAG_HEADER, routeRequest } from "../../platform/db/replica-reads";
import type { LicenseFeature } from "../../settings/license/license";
import type { RateLimitedAction } from "../../platform/rate-limit/enforce-rate-limit";
import { clientIp } from "../../platform/http/client-ip";
import { errorResponse, jsonResponse } from "./error-response";
import { readJsonBody } from "./read-body";

export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = ((request: Request, context: RouteContext) => Promise<Response>) & {
  /** What the handler accepts, for tools that walk the routes (the hostile-input walk, API docs). */
  readonly endpointSpec?: EndpointDescription;
};

/** A route handler's contract, without its implementation. */
export interface EndpointDescription {
  /** REST callers send a bearer token or an API key; the UI's download and upload routes its session cookie. */
  credentials: "token" | "session";
  /** A permission, "authenticated" (any signed-in caller) or "public". */
  auth: Permission | "authenticated" | "public";
  feature?: LicenseFeature;
  rateLimit?: RateLimitedAction;
  params?: ZodType;
  query?: ZodType;
  /** The JSON body's schema; absent when the handler streams the body itself (`rawBody`). */
  body?: ZodType;
  rawBody: boolean;
  status: number;
  /** One line for the API reference. */
  summary?: string;
  /** The JSON success body's schema (what the client receives, dates as ISO strings). */
  response?: ZodType;
  /** The media type of a success body that is not JSON (downloads). */
  produces?: string;
  /** Error statuses the use case answers besides those the description implies (401, 403, 422, 429, 500). */
  errors?: readonly number[];
  /** Open to a caller who still owes two-factor enrolment; every other signed-in endpoint may answer them 403. */
  duringMfaEnrolment?: boolean;
  /** Answered from a read replica when the lag rule allows it (the operation's `reads: "replica"`). */
  readsReplica?: boolean;
}

/** Attaches the description as a non-enumerable, read-only `endpointSpec` property. */
function describedHandler(
  handler: (request: Request, context: RouteContext) => Promise<Response>,
  description: EndpointDescription,
): RouteHandler {
  return Object.defineProperty(handler, "endpointSpec", { value: Object.freeze(description), enumerable: false });
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
 * The one request pipeline of `rest()` and `sessionRoute()`, driven by the handler's
 * description: finds the caller, checks the license feature and the permission, counts the request
 * against its rate limit, parses params, query and body with their schemas, calls the handler and
 * shapes its answer; whatever is thrown becomes the error body.
 */
export function describedEndpoint(
  description: EndpointDescription,
  caller: CallerResolver,
  handler: (context: PipelineContext) => Promise<unknown>,
): RouteHandler {
  const { auth, feature, rateLimit } = description;
  return describedHandler(async (request, context) => {
    try {
      const ip = clientIp(request.headers);
      const principal = auth === "public" ? null : await caller(request, ip);
      await assertOperationAccess(principal, {
        permission: auth,
        feature,
        rateLimit,
        duringMfaEnrolment: description.duringMfaEnrolment || undefined,
      });
      const params = description.params ? parseOperationInput(description.params, await context.params) : undefined;
      const query = description.query ? parseOperationInput(description.query, queryObject(new URL(request.url))) : undefined;
      const body = description.body
        ? parseOperationInput(description.body, await readJsonBody(request, config.maxJsonBodyBytes))
        : undefined;
      const { result, replicaLagMs } = await routeRequest(
        { readsReplica: description.readsReplica === true, mayWrite: request.method !== "GET", callerKey: principal?.userId ?? null },
        () => handler({ request, params, body, query, ip, principal }),
      );
      const response =
        result instanceof Response
          ? result
          : description.status === 204
            ? new Response(null, { status: 204 })
            : jsonResponse(result === undefined ? null : result, description.status);
      if (replicaLagMs !== null) response.headers.set(REPLICA_LAG_HEADER, String(replicaLagMs));
      return response;
    } catch (error) {
      return errorResponse(error);
    }
  }, description);
}

const tokenCaller: CallerResolver = (request, ip) => authenticate({ headers: request.headers, ip });

/** What a route walker reads of a declared operation, for the given credentials. */
export function describeOperation(operation: AnyOperation, credentials: EndpointDescription["credentials"]): EndpointDescription {
  const http = operation.kind === "http" ? operation : undefined;
  return {
    credentials,
    auth: operation.access.permission,
    feature: operation.access.feature,
    rateLimit: operation.access.rateLimit,
    params: operation.params,
    query: operation.query,
    body: http?.rawBody ? undefined : operation.body,
    rawBody: http?.rawBody === true,
    status: operation.status ?? 200,
    summary: operation.summary,
    response: operation.response,
    produces: http?.produces,
    errors: operation.errors,
    duringMfaEnrolment: operation.access.duringMfaEnrolment === true,
    readsReplica: operation.reads === "replica",
  };
}

/** Binds a declared operation to a REST path and method (the route file's one line per method). */
export function rest(operation: AnyOperation): RouteHandler {
  return describedEndpoint(describeOperation(operation, "token"), tokenCaller, (context) =>
    (operation.handler as (context: PipelineContext) => Promise<unknown>)(context),
  );
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/** All methods of a route file: the ones given, and 405 in the error body for the rest. */
export function routeMethods(handlers: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> {
  const notAllowed: RouteHandler = async (request) =>
    errorResponse(new AppError("METHOD_NOT_ALLOWED", `${request.method} is not allowed on this path`));
  return Object.fromEntries(METHODS.map((method) => [method, handlers[method] ?? notAllowed])) as Record<Method, RouteHandler>;
}

/** Unknown paths under /v1 and /api/v1 answer 404 in the error body. */
export const unknownRoute: RouteHandler = async (request) =>
  errorResponse(new AppError("NOT_FOUND", `No route for ${request.method} ${new URL(request.url).pathname}`));

/** A route file's exports: one handler per HTTP method. */
export type RouteModule = Partial<Record<string, RouteHandler>>;
