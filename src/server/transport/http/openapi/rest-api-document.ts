import { z } from "zod";
import { operationModules } from "@/generated/rest-api/operation-modules";
import { operation, type AnyOperation } from "../../../api/operation";
import { buildOpenApiDocument, type OpenApiDocument } from "./openapi-document";

const isOperation = (value: unknown): value is AnyOperation =>
  typeof value === "object" && value !== null && ((value as AnyOperation).kind === "operation" || (value as AnyOperation).kind === "http");

/** Every declared operation of the api layer (src/generated/rest-api/operation-modules.ts lists their modules). */
export function declaredOperations(): AnyOperation[] {
  return operationModules.flatMap((declarations) => Object.values(declarations).filter(isOperation));
}

let document: OpenApiDocument | undefined;

/** The REST API's OpenAPI 3.1 document, built once from the declarations' REST routes (this route's own included). */
export function restApiDocument(): OpenApiDocument {
  document ??= buildOpenApiDocument([...declaredOperations(), openApiDocumentOperation]);
  return document;
}

/** `GET /v1/openapi.json`: declared here, beside the document it serves, so that no list names it. */
export const openApiDocumentOperation = operation({
  rest: { method: "GET", path: "/v1/openapi.json" },
  summary: "This API's OpenAPI 3.1 document",
  access: { permission: "public" },
  response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
  handler: async () => restApiDocument(),
});
