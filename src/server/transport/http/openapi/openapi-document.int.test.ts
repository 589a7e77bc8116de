import { readFile } from "node:fs/promises";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { declaredOperations, openApiDocumentOperation, restApiDocument } from "./rest-api-document";
import { OPERATION_MODULES_FILE, operationModulesSource } from "../../../../../scripts/openapi/operation-modules";
import { OPENAPI_TYPES_FILE, openApiTypesSource } from "../../../../../scripts/openapi/openapi-types";
import { assertDocumentedResponse } from "@tests/helpers/openapi-validator";
import { api, routeFiles } from "@tests/helpers/rest-client";

/** Every path of the interface document (/work/shared/spec/interface.md) with the statuses it documents. */
const HOLDS = "/api/v1/enterprise/legal-holds";
const LABELS = "/api/v1/enterprise/retention-policy";
const INTERFACE: [method: string, path: string, statuses: number[]][] = [
  ["get", "/v1/users", [200]],
  ["post", "/v1/users", [201]],
  ["get", "/v1/users/{id}", [200]],
  ["put", "/v1/users/{id}", [200]],
  ["delete", "/v1/users/{id}", [204]],
  ["get", "/v1/users/profile", [200]],
  ["patch", "/v1/users/profile", [200]],
  ["post", "/v1/users/profile/password", [200]],
  ["get", "/v1/archived-emails/ingestion-source/{ingestionSourceId}", [200]],
  ["get", "/v1/archived-emails/{id}", [200]],
  ["delete", "/v1/archived-emails/{id}", [204]],
  ["get", "/api/v1/enterprise/audit-logs", [200]],
  ["post", "/api/v1/enterprise/audit-logs/verify", [200]],
  ["get", `${HOLDS}/holds`, [200]],
  ["get", `${HOLDS}/holds/{id}`, [200, 404]],
  ["post", `${HOLDS}/holds`, [201, 409, 422]],
  ["put", `${HOLDS}/holds/{id}`, [200, 404, 422]],
  ["delete", `${HOLDS}/holds/{id}`, [204, 404, 409]],
  ["post", `${HOLDS}/holds/{id}/bulk-apply`, [200, 404, 409, 422]],
  ["post", `${HOLDS}/holds/{id}/release-all`, [200, 500]],
  ["get", `${HOLDS}/email/{emailId}/holds`, [200]],
  ["post", `${HOLDS}/email/{emailId}/holds`, [200, 404, 409, 422]],
  ["delete", `${HOLDS}/email/{emailId}/holds/{holdId}`, [200, 404]],
  ["get", `${LABELS}/labels`, [200]],
  ["get", `${LABELS}/labels/{id}`, [200, 404]],
  ["post", `${LABELS}/labels`, [201, 409, 422]],
  ["put", `${LABELS}/labels/{id}`, [200, 404, 409, 422]],
  ["delete", `${LABELS}/labels/{id}`, [200, 404]],
  ["get", `${LABELS}/email/{emailId}/label`, [200, 500]],
  ["post", `${LABELS}/email/{emailId}/label`, [200, 404, 409, 422]],
  ["delete", `${LABELS}/email/{emailId}/label`, [200, 500]],
  ["post", "/v1/auth/login", [200]],
  ["post", "/v1/api-keys", [201]],
];

type Operation = { summary?: string; security: unknown[]; responses: Record<string, { content?: Record<string, { schema: object }> }> };
const CATCH_ALLS = ["/v1/[...unknown]", "/api/v1/[...unknown]"];

describe("the OpenAPI document", async () => {
  const document = restApiDocument();
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, operation]) => ({ path, method, operation })),
  );

  it("serves every declared route from its own route file, and nothing else", async () => {
    const declared = new Map<string, unknown>();
    for (const operation of [...declaredOperations(), openApiDocumentOperation]) {
      if (operation.rest) declared.set(`token ${operation.rest.method} ${operation.rest.path}`, operation);
      if (operation.kind === "http" && operation.ui) declared.set(`session ${operation.ui.method} ${operation.ui.path}`, operation);
    }
    const served = new Map<string, unknown>();
    for (const file of routeFiles().filter(({ pattern }) => !CATCH_ALLS.includes(pattern))) {
      const path = file.pattern.replace(/\[([^\]]+)\]/g, "{$1}");
      for (const [method, handler] of Object.entries(await file.load())) {
        const binding = handler?.binding;
        if (!binding) continue;
        const key = `${binding.credentials} ${method} ${path}`;
        expect(declared.get(key), `${file.pattern} serves ${method} for an operation declared elsewhere`).toBe(binding.operation);
        served.set(key, binding.operation);
      }
    }
    expect([...served.keys()].sort()).toEqual([...declared.keys()].sort());
    expect(served.size).toBeGreaterThan(100);
  });

  it("lists every path and method of the declarations, and the declaration modules list is current", async () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods as object).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const declaredRest = [...declaredOperations(), openApiDocumentOperation].flatMap((operation) =>
      operation.rest ? [`${operation.rest.method} ${operation.rest.path}`] : [],
    );
    expect(documented.sort()).toEqual(declaredRest.sort());
    expect(await operationModulesSource(), `run npm run openapi:types and commit ${OPERATION_MODULES_FILE}`).toBe(
      await readFile(OPERATION_MODULES_FILE, "utf8"),
    );
  });

  it("has every path of the interface document with its documented statuses", () => {
    for (const [method, path, statuses] of INTERFACE) {
      const operation = (document.paths[path] as Record<string, Operation> | undefined)?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      for (const status of statuses) expect(Object.keys(operation!.responses), `${method} ${path}`).toContain(String(status));
    }
  });

  it("gives every operation a summary, a security requirement unless public, and a JSON schema for each JSON answer", () => {
    for (const { path, method, operation } of operations) {
      expect(operation.summary, `${method} ${path}`).toBeTruthy();
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = response.content?.["application/json"]?.schema;
        if (schema) expect(Object.keys(schema).length, `${method} ${path} ${status}`).toBeGreaterThan(0);
      }
    }
    expect(operations.find(({ path }) => path === "/v1/auth/login")!.operation.security).toEqual([]);
    expect(operations.find(({ path }) => path === "/v1/users")!.operation.security).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
    expect(document.components.securitySchemes).toMatchObject({
      bearerAuth: { type: "http", scheme: "bearer" },
      apiKey: { type: "apiKey", in: "header", name: "X-API-KEY" },
    });
  });

  it("is made of valid JSON Schema 2020-12", () => {
    const ajv = new Ajv2020({ strict: true, strictRequired: false, validateFormats: false, keywords: ["example"] });
    const resolvable = (schema: object) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components#/$defs/'));
    ajv.addSchema({ $defs: resolvable(document.components.schemas) }, "components");
    for (const { path, method, operation } of operations) {
      for (const response of Object.values(operation.responses)) {
        for (const { schema } of Object.values(response.content ?? {})) {
          expect(() => ajv.compile(resolvable(schema)), `${method} ${path}`).not.toThrow();
        }
      }
    }
  });

  it("rejects, in the REST tests, an answer the document does not describe", async () => {
    const holdPath = "/api/v1/enterprise/legal-holds/holds/[id]";
    const json = "application/json; charset=utf-8";
    await expect(assertDocumentedResponse(holdPath, "GET", { status: 200, contentType: json, body: { id: 1 } })).rejects.toThrow(
      /does not allow/,
    );
    await expect(assertDocumentedResponse(holdPath, "GET", { status: 418, contentType: json, body: null })).rejects.toThrow(
      /does not list/,
    );
    await expect(assertDocumentedResponse(holdPath, "GET", { status: 404, contentType: json, body: { status: "error" } })).rejects.toThrow(
      /does not allow/,
    );
    await assertDocumentedResponse(holdPath, "GET", {
      status: 404,
      contentType: json,
      body: { status: "error", statusCode: 404, message: "x", errors: null },
    });
  });

  it("is served at GET /v1/openapi.json without credentials", async () => {
    const response = await api("GET", "/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe("3.1.0");
    expect(Object.keys(response.body.paths)).toEqual(Object.keys(document.paths));
  });

  it("matches the committed client types (npm run openapi:types regenerates them)", async () => {
    expect(await openApiTypesSource(), `run npm run openapi:types and commit ${OPENAPI_TYPES_FILE}`).toBe(
      await readFile(OPENAPI_TYPES_FILE, "utf8"),
    );
  });
});
