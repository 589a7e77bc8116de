import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * An operation is declared once (`operation()` / `httpOperation()` in `src/server/api/<context>/<domain>.operations.ts`),
 * its REST path and method included; a route file serves it with `restRoute()` / `uiRoute()`, a tRPC
 * router binds it to a name with `query()` / `mutation()`. Neither restates what the declaration
 * says: a permission, license feature, rate limit, method or path written in a binding would be a
 * second declaration that can drift.
 */
const ROOT = join(import.meta.dirname, "..", "..");

function filesUnder(directory: string, name: (file: string) => boolean): string[] {
  return readdirSync(join(ROOT, directory), { recursive: true, encoding: "utf8" })
    .filter(name)
    .map((file) => join(directory, file));
}

/** Route files with no operation: the transports themselves (tRPC, next-auth), catch-alls, the health probe and the reference page. */
const NOT_OPERATIONS = new Set([
  "src/app/api/trpc/[trpc]/route.ts",
  "src/app/api/auth/[...nextauth]/route.ts",
  "src/app/api/[...unknown]/route.ts",
  "src/app/v1/[...unknown]/route.ts",
  "src/app/api/health/route.ts",
  "src/app/api-docs/route.ts",
  "src/app/api-docs/scalar.js/route.ts",
]);

const RESTATED_DECLARATION =
  /\b(endpoint|sessionEndpoint|procedure|rest|sessionRoute|routeMethods)\(|\b(auth|permission|feature|rateLimit|path|method|GET|POST|PUT|PATCH|DELETE):/;

const routeFiles = filesUnder("src/app", (file) => file.endsWith("route.ts"))
  .map((file) => relative(ROOT, join(ROOT, file)))
  .filter((file) => !NOT_OPERATIONS.has(file));
const routerFiles = filesUnder("src/server/transport/trpc/routers", (file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));

describe("operations are declared once", () => {
  it.each([...routeFiles, ...routerFiles])("%s binds declared operations without restating them", (file) => {
    expect(readFileSync(join(ROOT, file), "utf8")).not.toMatch(RESTATED_DECLARATION);
  });
});
