import { readdir } from "node:fs/promises";
import path from "node:path";

/** The committed list of operation declaration modules (`npm run openapi:types` rewrites it). */
export const OPERATION_MODULES_FILE = "src/generated/rest-api/operation-modules.ts";

const API_LAYER = "src/server/api";

/** Every `*.operations.ts` of the api layer, sorted, as `@/server/api/...` specifiers. */
async function operationModuleSpecifiers(): Promise<string[]> {
  const entries = await readdir(API_LAYER, { recursive: true });
  return entries
    .filter((entry) => entry.endsWith(".operations.ts"))
    .map((entry) => `@/server/api/${entry.split(path.sep).join("/").replace(/\.ts$/, "")}`)
    .sort();
}

/** The list's source text for the declaration modules on disk now. */
export async function operationModulesSource(): Promise<string> {
  const specifiers = await operationModuleSpecifiers();
  return [
    "/**",
    " * Generated from every src/server/api/<context>/<name>.operations.ts by `npm run openapi:types`; do not edit.",
    " * Every declared operation, for the OpenAPI document and the route-file test.",
    " */",
    ...specifiers.map((specifier, index) => `import * as declarations${index} from "${specifier}";`),
    "",
    `export const operationModules: readonly Record<string, unknown>[] = [${specifiers.map((_, index) => `declarations${index}`).join(", ")}];`,
    "",
  ].join("\n");
}
