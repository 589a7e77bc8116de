import openapiTS, { astToString } from "openapi-typescript";
import type { OpenAPI3 } from "openapi-typescript";
import { restApiDocument } from "../../src/server/transport/http/openapi/rest-api-document";

/** The committed TypeScript types of the REST API (`npm run openapi:types` rewrites them). */
export const OPENAPI_TYPES_FILE = "src/generated/rest-api/openapi-types.ts";

const HEADER = `/**
 * Generated from GET /v1/openapi.json by \`npm run openapi:types\` (openapi-typescript); do not edit.
 * Use with openapi-fetch: createClient<paths>({ baseUrl }).
 */

`;

/** The types' source text for the document the route modules describe now. */
export async function openApiTypesSource(): Promise<string> {
  const document = restApiDocument() as unknown as OpenAPI3;
  return HEADER + astToString(await openapiTS(document, { alphabetize: true }));
}
