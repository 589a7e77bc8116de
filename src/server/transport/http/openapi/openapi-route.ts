import { z } from "zod";
import { operation } from "../../../api/operation";
import { rest, routeMethods } from "../rest-endpoint";
import type { OpenApiDocument } from "./openapi-document";

/**
 * The route serving the REST API's OpenAPI document, `GET /v1/openapi.json`. The document is built from
 * the list of route modules (src/app/rest-routes.ts), and that list documents this route too; so the
 * route takes the document as an argument instead of importing it. The route file and the list each
 * build the route here, and neither imports the other back: the import graph has no circle, dynamic
 * imports included (`npm run lint:cycles`).
 */
export function openApiDocumentRoute(document: () => Promise<OpenApiDocument>) {
  const getDocument = operation({
    summary: "This API's OpenAPI 3.1 document",
    access: { permission: "public" },
    response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
    handler: () => document(),
  });
  return routeMethods({ GET: rest(getDocument) });
}
