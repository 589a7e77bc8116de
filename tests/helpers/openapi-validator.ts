import { Ajv2020 } from "ajv/dist/2020.js";
import { restApiDocument } from "../../src/server/transport/http/openapi/rest-api-document";

/**
 * Checks a REST answer against the served OpenAPI document: its status must be one the operation
 * documents, and a JSON body must match that status's schema. The REST tests run every answer
 * they receive through it (rest-client.ts), so the document cannot drift from the code.
 */
const DOCUMENT_ID = "openapi.json";
let ajv: Promise<Ajv2020> | undefined;

function validator(): Promise<Ajv2020> {
  ajv ??= Promise.resolve().then(() => {
    const instance = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    instance.addSchema(restApiDocument(), DOCUMENT_ID);
    return instance;
  });
  return ajv;
}

const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

/** Throws when the answer does not match the document; `pattern` is the route file's ("/v1/users/[id]"). */
export async function assertDocumentedResponse(
  pattern: string,
  method: string,
  response: { status: number; contentType: string | null; body: unknown },
) {
  const instance = await validator();
  const document = instance.getSchema(DOCUMENT_ID)!.schema as {
    paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
  };
  const path = pattern.replace(/\[([^\]]+)\]/g, "{$1}");
  const operation = document.paths[path]?.[method.toLowerCase()];
  const label = `${method} ${path} answered ${response.status}`;
  if (!operation) throw new Error(`${method} ${path} is not in the OpenAPI document`);
  const documented = operation.responses[String(response.status)];
  if (!documented) throw new Error(`${label}, which the OpenAPI document does not list (${Object.keys(operation.responses).join(", ")})`);
  if (!response.contentType?.startsWith("application/json")) return;
  if (!documented.content?.["application/json"]) throw new Error(`${label} with a JSON body the OpenAPI document does not describe`);
  const ref = `${DOCUMENT_ID}#/${pointer("paths", path, method.toLowerCase(), "responses", String(response.status), "content", "application/json", "schema")}`;
  const validate = instance.getSchema(ref)!;
  if (!validate(response.body)) {
    throw new Error(
      `${label} with a body the OpenAPI document does not allow: ${instance.errorsText(validate.errors)}\n${JSON.stringify(response.body).slice(0, 500)}`,
    );
  }
}
