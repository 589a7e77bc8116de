import { CLIENT_IP_HEADER } from "../../src/server/platform/http/client-ip";
import type { RouteHandler, RouteModule } from "../../src/server/transport/http/rest-endpoint";
import { assertDocumentedResponse } from "./openapi-validator";

/**
 * Calls the real Next.js route handler modules in-process, routing like the App Router
 * (static segments beat [param] segments, which beat [...catchAll]). Every answer of a REST
 * endpoint is checked against the OpenAPI document (openapi-validator.ts).
 */
const modules = import.meta.glob<RouteModule>("/src/app/**/route.ts");

interface CompiledRoute {
  file: string;
  segments: string[];
  load: () => Promise<RouteModule>;
}

const routes: CompiledRoute[] = Object.entries(modules)
  .map(([file, load]) => ({
    file,
    segments: file
      .replace(/^\/src\/app/, "")
      .replace(/\/route\.ts$/, "")
      .split("/")
      .filter((segment) => segment && !/^\(.*\)$/.test(segment)),
    load,
  }))
  .sort((a, b) => rank(b) - rank(a));

function rank(route: CompiledRoute): number {
  return (
    route.segments.reduce((score, segment) => {
      if (segment.startsWith("[...")) return score * 3;
      if (segment.startsWith("[")) return score * 3 + 1;
      return score * 3 + 2;
    }, 0) *
      100 +
    route.segments.length
  );
}

function match(route: CompiledRoute, parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let index = 0; index < route.segments.length; index++) {
    const segment = route.segments[index];
    if (segment.startsWith("[...")) {
      const rest = parts.slice(index);
      if (rest.length === 0) return null;
      params[segment.slice(4, -1)] = rest;
      return params;
    }
    if (index >= parts.length) return null;
    if (segment.startsWith("[")) params[segment.slice(1, -1)] = parts[index];
    else if (segment !== parts[index]) return null;
  }
  return route.segments.length === parts.length ? params : null;
}

/** Every route file's path pattern, e.g. "/v1/users/[id]" (for the authorization matrix). */
export function routePatterns(): string[] {
  return routes.map((route) => "/" + route.segments.join("/"));
}

/** What a walk over the routes reads of a handler: its credentials, permission and input schemas; undefined for an unbound one. */
export function routeSpec(handler: RouteHandler | undefined) {
  const binding = handler?.binding;
  if (!binding) return undefined;
  const { operation, credentials } = binding;
  const rawBody = operation.kind === "http" && operation.rawBody === true;
  return {
    credentials,
    permission: operation.access.permission,
    params: operation.params,
    query: operation.query,
    body: rawBody ? undefined : operation.body,
  };
}

/** Every route file with its path pattern and its module (for walks over every handler). */
export function routeFiles(): { pattern: string; load: () => Promise<RouteModule> }[] {
  return routes.map((route) => ({ pattern: "/" + route.segments.join("/"), load: route.load }));
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
  /** The body's exact bytes (downloads). */
  bytes: Buffer;
}

export interface RequestOptions {
  body?: unknown;
  rawBody?: BodyInit;
  token?: string;
  apiKey?: string;
  headers?: Record<string, string>;
  ip?: string;
}

export async function api<T = any>(method: string, pathWithQuery: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const url = new URL(pathWithQuery, "http://localhost");
  const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const found = routes.map((route) => ({ route, params: match(route, parts) })).find((candidate) => candidate.params);
  if (!found) throw new Error(`no route file matches ${url.pathname}`);
  const routeModule = await found.route.load();
  const handler = routeModule[method.toUpperCase()];
  if (!handler) throw new Error(`${found.route.file} exports no ${method}`);
  const headers = new Headers(options.headers);
  headers.set(CLIENT_IP_HEADER, options.ip ?? "127.0.0.1");
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.apiKey) headers.set("x-api-key", options.apiKey);
  let body: BodyInit | undefined = options.rawBody;
  const bodyless = ["GET", "HEAD"].includes(method.toUpperCase());
  if (options.body !== undefined && !bodyless) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const request = new Request(url, { method: method.toUpperCase(), headers, body, duplex: "half" } as RequestInit);
  const response = await handler(request, { params: Promise.resolve(found.params!) });
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString("utf8");
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (handler.binding?.credentials === "token") {
    const pattern = "/" + found.route.segments.join("/");
    await assertDocumentedResponse(pattern, method, {
      status: response.status,
      contentType: response.headers.get("content-type"),
      body: parsed,
    });
  }
  return { status: response.status, body: parsed as T, headers: response.headers, text, bytes };
}
