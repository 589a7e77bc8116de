import type { z, ZodType } from "zod";
import type { Principal } from "../identity/auth/principal";
import type { Permission } from "../identity/authz/permissions";
import type { LicenseFeature } from "../settings/license/license";
import type { RateLimitedAction } from "../platform/rate-limit/enforce-rate-limit";

/**
 * One operation of the service, declared once and bound to its transports: its REST path and method,
 * written here (`rest`) and served by the route file at that path (`restRoute()` in
 * transport/http/rest-endpoint.ts; `ui` and `uiRoute()` for the UI's downloads and uploads), a tRPC
 * procedure name (`query()` / `mutation()` in trpc/operation-procedure.ts), and through the REST
 * binding the OpenAPI document. The declaration says who may call it, what it takes and what it
 * answers; the binders add nothing but the transport, so the two transports cannot drift.
 * docs/architecture.md ("Operations") shows an example.
 */

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Where an operation is served over HTTP: its method and its path, `{name}` for a path parameter ("/v1/users/{id}"). */
export interface HttpRoute {
  method: HttpMethod;
  path: string;
}

/** Who may call an operation. */
export interface OperationAccess<A extends Permission | "authenticated" | "public" = Permission | "authenticated" | "public"> {
  /** A permission, "authenticated" (any signed-in caller) or "public" (REST only: sign-in, setup, health). */
  permission: A;
  /** The license feature the operation belongs to (403 when it is not licensed). */
  feature?: LicenseFeature;
  /** Expensive operations count against the caller's budget (429 with Retry-After when spent). */
  rateLimit?: RateLimitedAction;
  /** Open to a caller who still owes two-factor enrolment (what enrolling needs); every other operation refuses them 403. */
  duringMfaEnrolment?: true;
}

type Parsed<S> = S extends ZodType ? z.output<S> : undefined;
/** What the handler may return: what the response schema accepts (dates as `Date`), or anything when it has none. */
export type Answer<RS> = RS extends ZodType ? z.input<RS> : unknown;

export interface OperationContext<P, Q, B, A> {
  principal: A extends "public" ? null : Principal;
  params: P;
  query: Q;
  body: B;
  /** The caller's address, for audit entries and rate limits. */
  ip: string;
}

interface OperationFields<PS, QS, BS, RS, A extends Permission | "authenticated" | "public"> {
  /** One line for the API reference. */
  summary: string;
  /**
   * Its REST route (bearer token or API key): the route file at this path binds it (`restRoute()`), and the
   * OpenAPI document lists it here. Absent for an operation only the UI calls (tRPC, or a `ui` route).
   */
  rest?: HttpRoute;
  access: OperationAccess<A>;
  /** Path parameters (REST) — on tRPC, fields of the input object. */
  params?: PS;
  /** Query string (REST; values arrive as strings, so numbers use z.coerce) — on tRPC, fields of the input object. */
  query?: QS;
  /** JSON body (REST) — on tRPC, an object body's fields are fields of the input object, any other body is its `body` field. */
  body?: BS;
  /**
   * The success body's schema: what a client receives as JSON (dates as ISO strings). It documents the
   * REST answer in the OpenAPI document, and it is the tRPC procedure's output, so the UI's types are
   * the REST contract's.
   */
  response?: RS;
  /** Success status on REST; 204 sends no body. Defaults to 200. */
  status?: number;
  /** Error statuses the use case answers (404, 409, ...); those of auth, input and rate limit are implied. */
  errors?: readonly number[];
  /**
   * "replica": answered from a read replica when DATABASE_READ_URL is set and the lag rule allows it
   * (platform/db/replica-reads.ts; docs/database.md, "Read replicas"). The handler reads through
   * readPool() and writes only through pgPool() (its audit entry).
   */
  reads?: "replica";
}

/** An operation both transports serve: it never sees the HTTP request. */
export interface Operation<
  PS = unknown,
  QS = unknown,
  BS = unknown,
  RS = unknown,
  A extends Permission | "authenticated" | "public" = never,
  R extends Answer<RS> = Answer<RS>,
> extends OperationFields<PS, QS, BS, RS, A> {
  readonly kind: "operation";
  handler(context: OperationContext<Parsed<PS>, Parsed<QS>, Parsed<BS>, A>): Promise<R>;
}

/**
 * An operation only HTTP can carry: it streams the request body (`rawBody`, imports) or answers with
 * a `Response` of its own (downloads). REST and the UI's session routes bind it; tRPC cannot.
 */
export interface HttpOperation<
  PS = unknown,
  QS = unknown,
  BS = unknown,
  RS = unknown,
  A extends Permission | "authenticated" | "public" = never,
> extends OperationFields<PS, QS, BS, RS, A> {
  readonly kind: "http";
  /** The UI's route for it (downloads and streamed uploads under /api/ui, session cookie: `uiRoute()`). */
  ui?: HttpRoute;
  /** The handler reads the request body itself (streamed uploads). */
  rawBody?: true;
  /** The success body's media type when it is not JSON (downloads). */
  produces?: string;
  handler(context: OperationContext<Parsed<PS>, Parsed<QS>, Parsed<BS>, A> & { request: Request }): Promise<Answer<RS> | Response>;
}

/** Any declared operation, as the binders see it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the binders accept every declaration; each keeps its own types
export type AnyOperation = Operation<any, any, any, any, any, any> | HttpOperation<any, any, any, any, any>;

type Access = Permission | "authenticated" | "public";

/** Declares an operation both transports serve (see the file comment). */
export function operation<
  PS extends ZodType | undefined = undefined,
  QS extends ZodType | undefined = undefined,
  BS extends ZodType | undefined = undefined,
  RS extends ZodType | undefined = undefined,
  A extends Access = Permission,
  R extends Answer<RS> = Answer<RS>,
>(declaration: Omit<Operation<PS, QS, BS, RS, A, R>, "kind">): Operation<PS, QS, BS, RS, A, R> {
  return Object.freeze({ ...declaration, kind: "operation" as const });
}

/** Declares an operation only HTTP can carry (streamed uploads, downloads). */
export function httpOperation<
  PS extends ZodType | undefined = undefined,
  QS extends ZodType | undefined = undefined,
  BS extends ZodType | undefined = undefined,
  RS extends ZodType | undefined = undefined,
  A extends Access = Permission,
>(declaration: Omit<HttpOperation<PS, QS, BS, RS, A>, "kind">): HttpOperation<PS, QS, BS, RS, A> {
  return Object.freeze({ ...declaration, kind: "http" as const });
}
