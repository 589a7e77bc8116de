import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { restApiDocument } from "@/app/rest-routes";

/**
 * Declaring each operation once (issue 35) changed how the OpenAPI document is produced, not what
 * it says. The fixture is the document as it was generated before that change (keys sorted); every
 * path and method it has must still be documented identically, apart from ordering. New operations
 * may be added beside them.
 */
type Json = Record<string, unknown>;
const BEFORE = JSON.parse(readFileSync(join(import.meta.dirname, "..", "fixtures", "openapi-before-operations.json"), "utf8")) as Json;

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortedKeys((value as Json)[key])]),
    );
  }
  return value;
}

/** The policy subjects the document listed before the finer permissions of issue 36. */
const SUBJECTS_BEFORE = ["all", "archive", "users", "audit", "ingestion", "ediscovery"];
const MANAGE_ALL_GRANTS = /^Permission `manage:(holds|retention|dispositions|users|settings|system)` \(`manage:all` grants it\)\./;

/**
 * Undoes the two changes issue 36 made on purpose, so that everything else is compared exactly: an
 * operation that needed `manage:all` may now name a finer permission that `manage:all` grants, and
 * the policy schema's subject list gained the finer subjects (only added at its end).
 */
function withoutFinerPermissions(value: unknown): unknown {
  if (Array.isArray(value)) {
    const grown = value.length > SUBJECTS_BEFORE.length && SUBJECTS_BEFORE.every((subject, index) => value[index] === subject);
    return grown ? SUBJECTS_BEFORE : value.map(withoutFinerPermissions);
  }
  if (typeof value === "string") return value.replace(MANAGE_ALL_GRANTS, "Permission `manage:all`.");
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutFinerPermissions(inner)]));
  }
  return value;
}

describe("the OpenAPI document is unchanged by the operation declarations", async () => {
  const after = withoutFinerPermissions(sortedKeys(await restApiDocument())) as Json;
  const pathsBefore = BEFORE.paths as Record<string, Json>;
  const pathsAfter = after.paths as Record<string, Json>;
  const operations = Object.entries(pathsBefore).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => [path, method] as const),
  );

  it("documents every operation it documented before", () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter(([path, method]) => !pathsAfter[path]?.[method])).toEqual([]);
  });

  it.each(operations)("%s %s is documented as before", (path, method) => {
    expect(pathsAfter[path]?.[method]).toEqual(pathsBefore[path][method]);
  });

  it("keeps the shared schemas and the document's header", () => {
    const schemasAfter = (after.components as Json).schemas as Json;
    for (const [name, schema] of Object.entries((BEFORE.components as Json).schemas as Json))
      expect(schemasAfter[name], name).toEqual(schema);
    expect(after.info).toEqual(BEFORE.info);
    expect(after.openapi).toEqual(BEFORE.openapi);
  });
});
