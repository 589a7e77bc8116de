import { beforeAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { CLIENT_IP_HEADER } from "../../src/server/platform/http/client-ip";
import type { RouteHandler } from "../../src/server/transport/http/rest-endpoint";
import { operationInputSchema } from "../../src/server/transport/trpc/operation-procedure";
import { appRouter } from "../../src/server/transport/trpc/root";
import { setupAdmin } from "../helpers/auth";
import { databaseFingerprint } from "../helpers/database-fingerprint";
import { routeFiles, routeSpec } from "../helpers/rest-client";
import { inputWith, stringPaths, type InputPath } from "../helpers/schema-strings";
import { procedureNames, sessionCookieFor, trpcHttp, uiHeaders } from "../helpers/trpc-http";
import { withEnv } from "../helpers/with-env";

/**
 * NUL and lone surrogates in every string every REST route and tRPC procedure accepts (path
 * parameters, query parameters, JSON body fields at any depth, tRPC input fields), each alone in
 * an otherwise minimal request of the most privileged caller: the answer is a 422 naming that
 * field (never a 5xx), and nothing is written. The routes and their schemas are found by walking
 * the route files (`binding` of each handler: its declared operation) and the app router, so a new one is covered.
 */
const HOSTILE = { NUL: "a\u0000b", "a lone surrogate": "a\uD800b" };
const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";
const MESSAGE = "must not contain NUL characters or unpaired UTF-16 surrogates";

/** Route files without a `restRoute()`/`uiRoute()` handler, and why they need no walk here. */
const UNDESCRIBED_ROUTES: Record<string, string> = {
  "/api/trpc/[trpc]": "its procedures are walked below",
  "/api/auth/[...nextauth]": "next-auth's; the credentials reach our code only through authorize (sign-in-errors.int.test.ts)",
  "/api/health": "takes no input",
  "/api-docs": "a static page (the API reference)",
  "/api-docs/scalar.js": "a static script",
  "/api/[...unknown]": "404 for every request",
  "/v1/[...unknown]": "404 for every request",
};

interface RestCase {
  label: string;
  field: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
}

const topLevelKeys = (schema: ZodType | undefined) => [
  ...new Set((schema ? stringPaths(schema) : []).map((path) => path[0]).filter(Boolean)),
];
const fieldName = (path: InputPath) => path.join(".") || "body";

/** One case per string the handler accepts, with every other path parameter a well-formed id. */
type RouteSpec = NonNullable<ReturnType<typeof routeSpec>>;

function restCases(spec: RouteSpec): RestCase[] {
  const sampleParams = Object.fromEntries(topLevelKeys(spec.params).map((key) => [key, SAMPLE_ID]));
  return Object.entries(HOSTILE).flatMap(([what, hostile]) => [
    ...topLevelKeys(spec.params).map((key) => ({
      label: `path parameter ${key} with ${what}`,
      field: key,
      params: { ...sampleParams, [key]: hostile },
      query: {},
    })),
    ...topLevelKeys(spec.query).map((key) => ({
      label: `query parameter ${key} with ${what}`,
      field: key,
      params: sampleParams,
      query: { [key]: hostile },
    })),
    ...(spec.body ? stringPaths(spec.body) : []).map((path) => ({
      label: `body field ${fieldName(path)} with ${what}`,
      field: fieldName(path),
      params: sampleParams,
      query: {},
      body: inputWith(path, hostile),
    })),
  ]);
}

let token: string;
let sessionHeaders: Record<string, string>;

// One caller sends hundreds of requests here: the rate limits (which count before input is read,
// tests/security/rate-limits.int.test.ts) would answer 429 before the string check is reached.
withEnv(
  { RATE_LIMIT_SEARCH: "0", RATE_LIMIT_BULK_APPLY: "0", RATE_LIMIT_AUDIT_VERIFY: "0", RATE_LIMIT_IMPORT: "0", RATE_LIMIT_EXPORT: "0" },
  { scope: "all" },
);
beforeAll(async () => {
  const admin = await setupAdmin();
  token = admin.token;
  sessionHeaders = uiHeaders(await sessionCookieFor(admin.user.id, admin.user.email));
});

async function callRoute(handler: RouteHandler, pattern: string, method: string, spec: RouteSpec, input: RestCase) {
  const path = pattern.replace(/\[([^\]]+)\]/g, (_, name: string) => encodeURIComponent((input.params[name] ?? "x").toWellFormed()));
  const url = new URL(`http://localhost${path}`);
  for (const [key, value] of Object.entries(input.query)) url.searchParams.set(key, value);
  const headers = new Headers(spec.credentials === "session" ? sessionHeaders : { authorization: `Bearer ${token}` });
  headers.set(CLIENT_IP_HEADER, "127.0.0.1");
  if (input.body !== undefined) headers.set("content-type", "application/json");
  const request = new Request(url, { method, headers, body: input.body === undefined ? undefined : JSON.stringify(input.body) });
  // Path parameters are handed over decoded, as Next.js does; a lone surrogate cannot survive a URL, so it is passed as is.
  return handler(request, { params: Promise.resolve(input.params) });
}

describe("NUL and lone surrogates in every REST input", async () => {
  const files = await Promise.all(routeFiles().map(async (file) => ({ pattern: file.pattern, module: await file.load() })));
  const described = files.flatMap(({ pattern, module }) =>
    Object.entries(module).flatMap(([method, handler]) =>
      handler && routeSpec(handler) ? [{ pattern, method, handler, spec: routeSpec(handler)! }] : [],
    ),
  );

  it("finds a described handler in every route file but the listed ones", () => {
    const undescribed = files.filter(({ pattern }) => !described.some((route) => route.pattern === pattern)).map(({ pattern }) => pattern);
    expect(undescribed.sort()).toEqual(Object.keys(UNDESCRIBED_ROUTES).sort());
    expect(described.length).toBeGreaterThan(40);
  });

  it.each(described.map((route) => [`${route.method} ${route.pattern}`, route] as const))(
    "%s",
    async (_, { pattern, method, handler, spec }) => {
      const cases = restCases(spec);
      for (const input of cases) {
        const before = await databaseFingerprint();
        const response = await callRoute(handler, pattern, method, spec, input);
        const text = await response.text();
        const label = `${method} ${pattern}: ${input.label} → ${response.status} ${text.slice(0, 300)}`;
        const survivesUrl = !(input.label.startsWith("query") && input.label.endsWith("surrogate"));
        if (survivesUrl) {
          expect(response.status, label).toBe(422);
          expect(JSON.parse(text).errors, label).toContainEqual({ field: input.field, message: MESSAGE });
        } else {
          // URLs carry only well-formed text: the surrogate arrives as U+FFFD, which is storable.
          expect(response.status, label).toBeLessThan(500);
        }
        if (response.status >= 400) expect(await databaseFingerprint(), label).toBe(before);
      }
    },
  );
});

type ProcedureDefs = Record<string, { _def: { inputs: ZodType[] } }>;
const procedures = (appRouter as unknown as { _def: { procedures: ProcedureDefs } })._def.procedures;

describe("NUL and lone surrogates in every tRPC input", () => {
  const withInput = procedureNames().filter((name) => procedures[name]._def.inputs.length > 0);

  it("walks the procedures that take input", () => {
    expect(withInput.length).toBeGreaterThan(30);
  });

  it.each(withInput.map((name) => [name]))("%s", async (name) => {
    const paths = procedures[name]._def.inputs.flatMap((input) => stringPaths(operationInputSchema(input) ?? input));
    expect(paths.length, `${name} accepts no string`).toBeGreaterThanOrEqual(0);
    for (const path of paths) {
      for (const [what, hostile] of Object.entries(HOSTILE)) {
        const before = await databaseFingerprint();
        const response = await trpcHttp(name, inputWith(path, hostile), sessionHeaders);
        const text = await response.text();
        const label = `${name} ${fieldName(path)} with ${what} → ${response.status} ${text.slice(0, 300)}`;
        expect(response.status, label).toBe(422);
        expect(JSON.parse(text).error.data.fieldErrors, label).toContainEqual({ field: fieldName(path), message: MESSAGE });
        expect(await databaseFingerprint(), label).toBe(before);
      }
    }
  });
});
