import { z, type ZodType } from "zod";
import { authenticate } from "../auth/authenticate";
import { assertMfaEnrolmentDone } from "../auth/mfa/mfa-enrolment";
import type { Principal } from "../auth/principal";
import { assertCan } from "../authz/ability";
import type { Permission } from "../authz/permissions";
import { config } from "../config/env";
import { AppError } from "../errors/app-error";
import { assertFeatureEnabled, type LicenseFeature } from "../license/license";
import { enforceRateLimit, type RateLimitedAction } from "../rate-limit/enforce-rate-limit";
import { assertStorableInput } from "../validation/storable-input";
import { clientIp } from "./client-ip";
import { errorResponse, jsonResponse, zodFieldErrors } from "./error-response";
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
}

/** Attaches the description as a non-enumerable, read-only `endpointSpec` property. */
function describedHandler(
  handler: (request: Request, context: RouteContext) => Promise<Response>,
  description: EndpointDescription,
): RouteHandler {
  return Object.defineProperty(handler, "endpointSpec", { value: Object.freeze(description), enumerable: false });
}

type Infer<S> = S extends ZodType ? z.infer<S> : undefined;

interface EndpointContext<P, B, Q> {
  request: Request;
  params: P;
  body: B;
  query: Q;
  ip: string;
}

interface EndpointSpec<PS, BS, QS, A> {
  /** One line for the API reference (GET /v1/openapi.json). */
  summary: string;
  /** A permission, "authenticated" (any signed-in caller) or "public". */
  auth: A;
  feature?: LicenseFeature;
  /** Expensive operations count against the caller's budget (429 with Retry-After when spent). */
  rateLimit?: RateLimitedAction;
  params?: PS;
  body?: BS;
  query?: QS;
  /** Success status; 204 sends no body. Defaults to 200. */
  status?: number;
  /** Handlers that stream their own body (imports) read the request themselves. */
  rawBody?: boolean;
  /** The success body's schema, for the OpenAPI document; the REST tests validate every answer against it. */
  response?: ZodType;
  /** The success body's media type when it is not JSON (downloads). */
  produces?: string;
  /** Error statuses the use case answers (404, 409, ...); those of auth, input and rate limit are implied. */
  errors?: readonly number[];
  /** Open to a caller who still owes two-factor enrolment (what enrolling needs); every other endpoint refuses them 403. */
  duringMfaEnrolment?: true;
  handler: (
    context: EndpointContext<Infer<PS>, Infer<BS>, Infer<QS>> & {
      principal: A extends "public" ? null : Principal;
    },
  ) => Promise<unknown>;
}

/** Raw input is checked for strings PostgreSQL cannot store before the schema sees it (422 either way). */
function parseWith<S extends ZodType>(schema: S, value: unknown, prefix?: string): z.infer<S> {
  assertStorableInput(value, prefix);
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError("VALIDATION", "Invalid input", { fieldErrors: zodFieldErrors(result.error, prefix) });
  }
  return result.data;
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
 * The one request pipeline of `endpoint()` and `sessionEndpoint()`, driven by the handler's
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
      if (principal && !description.duringMfaEnrolment) assertMfaEnrolmentDone(principal);
      if (feature) assertFeatureEnabled(feature);
      if (principal && auth !== "public" && auth !== "authenticated") assertCan(principal.ability, auth);
      if (principal && rateLimit) await enforceRateLimit({ principal, action: rateLimit });
      const params = description.params ? parseWith(description.params, await context.params) : undefined;
      const query = description.query ? parseWith(description.query, queryObject(new URL(request.url))) : undefined;
      const body = description.body ? parseWith(description.body, await readJsonBody(request, config.maxJsonBodyBytes)) : undefined;
      const result = await handler({ request, params, body, query, ip, principal });
      if (result instanceof Response) return result;
      if (description.status === 204) return new Response(null, { status: 204 });
      return jsonResponse(result === undefined ? null : result, description.status);
    } catch (error) {
      return errorResponse(error);
    }
  }, description);
}

const tokenCaller: CallerResolver = (request, ip) => authenticate({ headers: request.headers, ip });

/**
 * The one REST wrapper: authenticates, checks the license feature and the permission, counts the
 * request against its rate limit, parses params, query and body with the shared zod schemas, calls
 * the use case and shapes the answer.
 */
export function endpoint<
  PS extends ZodType | undefined = undefined,
  BS extends ZodType | undefined = undefined,
  QS extends ZodType | undefined = undefined,
  A extends Permission | "authenticated" | "public" = Permission,
>(spec: EndpointSpec<PS, BS, QS, A>): RouteHandler {
  return describedEndpoint(
    {
      credentials: "token",
      auth: spec.auth,
      feature: spec.feature,
      rateLimit: spec.rateLimit,
      params: spec.params,
      query: spec.query,
      body: spec.rawBody ? undefined : spec.body,
      rawBody: spec.rawBody === true,
      status: spec.status ?? 200,
      summary: spec.summary,
      response: spec.response,
      produces: spec.produces,
      errors: spec.errors,
      duringMfaEnrolment: spec.duringMfaEnrolment === true,
    },
    tokenCaller,
    (context) => spec.handler(context as Parameters<typeof spec.handler>[0]),
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
