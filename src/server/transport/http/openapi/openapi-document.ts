import { z, type ZodType } from "zod";
import { errorBodySchema } from "../error-response";
import type { AnyOperation } from "../../../api/operation";
import { REPLICA_LAG_HEADER } from "../../../platform/db/replica-reads";

/** An operation with a REST route, the only kind the document lists. */
type RestOperation = AnyOperation & { rest: NonNullable<AnyOperation["rest"]> };

type JsonSchema = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Bad request",
  401: "Missing or invalid credentials",
  403: "The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication",
  404: "Not found",
  409: "Conflict with the current state",
  413: "Request body too large",
  415: "Request body is not JSON",
  422: "Invalid input; `errors` names each field",
  429: "Rate limit spent; retry after the Retry-After header's seconds",
  500: "Internal error",
  502: "A server the operation talks to (a mailbox's IMAP server) refused the login or a command; the message says which",
  503: "The operation ran out of time, or a server it talks to could not be reached; retry after the Retry-After header's seconds",
};

/**
 * Named schemas (`.meta({ id })`, needed for recursive ones) that zod puts in a schema's own `$defs`;
 * they move to the document's components, where a `$ref` inside the document can reach them.
 */
const sharedSchemas: Record<string, JsonSchema> = {};

/**
 * A request field is required when its schema refuses `undefined`: zod cannot see that through
 * `z.preprocess` (used to treat "" or null as absent), so it would list such fields as required.
 */
function optionalByBehaviour({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: JsonSchema }) {
  if (!(zodSchema instanceof z.ZodObject) || !Array.isArray(jsonSchema.required)) return;
  const shape = zodSchema.shape as Record<string, ZodType>;
  jsonSchema.required = (jsonSchema.required as string[]).filter((key) => !shape[key]?.safeParse(undefined).success);
  if ((jsonSchema.required as string[]).length === 0) delete jsonSchema.required;
}

function jsonSchema(schema: ZodType, io: "input" | "output"): JsonSchema {
  const generated = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
    override: io === "input" ? optionalByBehaviour : undefined,
  });
  const {
    $schema: _dialect,
    $defs,
    ...rest
  } = JSON.parse(JSON.stringify(generated).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    const { id: _id, ...body } = definition;
    sharedSchemas[name] = body;
  }
  return rest;
}

function parameters(spec: RestOperation) {
  const pathNames = [...spec.rest.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  const pathProperties = (spec.params ? jsonSchema(spec.params, "input").properties : {}) as Record<string, JsonSchema> | undefined;
  const query = spec.query ? jsonSchema(spec.query, "input") : { properties: {}, required: [] };
  const required = new Set((query.required as string[] | undefined) ?? []);
  return [
    ...pathNames.map((name) => ({ name, in: "path", required: true, schema: pathProperties?.[name] ?? { type: "string" } })),
    ...Object.entries((query.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => ({
      name,
      in: "query",
      required: required.has(name),
      schema,
    })),
  ];
}

/** The JSON body's schema; none when the handler streams the body itself (`rawBody`). */
const jsonBodyOf = (spec: AnyOperation) => (spec.kind === "http" && spec.rawBody ? undefined : spec.body);
const rawBodyOf = (spec: AnyOperation) => spec.kind === "http" && spec.rawBody === true;

/** The error statuses an operation can answer: those its declaration implies and those it names. */
export function errorStatuses(spec: AnyOperation): number[] {
  const { permission, feature, rateLimit, duringMfaEnrolment } = spec.access;
  const statuses = new Set([...(spec.errors ?? []), 500]);
  if (permission !== "public") statuses.add(401);
  // Any signed-in caller may be refused while the mfaRequired setting obliges them to enrol (docs/auth.md).
  if (feature || (permission !== "public" && !duringMfaEnrolment)) statuses.add(403);
  if (spec.params || spec.query || jsonBodyOf(spec)) statuses.add(422);
  if (jsonBodyOf(spec)) for (const status of [413, 415]) statuses.add(status);
  if (rateLimit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

function successResponse(spec: AnyOperation) {
  if (spec.status === 204) return { description: "No content" };
  if (spec.kind === "http" && spec.produces) return { description: "The file", content: { [spec.produces]: { schema: {} } } };
  return {
    description: "Success",
    ...(spec.reads === "replica" ? { headers: { [REPLICA_LAG_HEADER]: REPLICA_LAG_HEADER_DOC } } : {}),
    content: { "application/json": { schema: spec.response ? jsonSchema(spec.response, "output") : {} } },
  };
}

/** Sent by an answer a read replica served (DATABASE_READ_URL; docs/database.md, "Read replicas"). */
const REPLICA_LAG_HEADER_DOC = {
  description:
    "Present when a read replica answered: how far behind the primary it was, in ms (0: it had replayed all it had received). " +
    "The caller's own writes are always included.",
  schema: { type: "integer", minimum: 0 },
};

/** Permissions that split what only `manage:all` granted before (docs/auth.md, "Permissions"). */
const DUTY_PERMISSIONS = new Set([
  "manage:holds",
  "manage:retention",
  "manage:dispositions",
  "manage:users",
  "manage:settings",
  "manage:system",
]);

function accessDescription(spec: AnyOperation): string {
  const { permission, feature, rateLimit } = spec.access;
  const who =
    permission === "public"
      ? "No authentication."
      : permission === "authenticated"
        ? "Any signed-in caller."
        : DUTY_PERMISSIONS.has(permission)
          ? `Permission \`${permission}\` (\`manage:all\` grants it).`
          : `Permission \`${permission}\`.`;
  return [who, feature && `License feature \`${feature}\`.`, rateLimit && `Rate limit \`${rateLimit}\`.`].filter(Boolean).join(" ");
}

/** The API area a path belongs to ("/api/v1/enterprise/legal-holds/holds" → "legal-holds"). */
const tagOf = (path: string) => path.replace(/^\/(api\/v1\/enterprise|v1)\//, "").split("/")[0];

function operation(spec: RestOperation) {
  const errors = Object.fromEntries(
    errorStatuses(spec).map((status) => [
      String(status),
      {
        description: ERROR_DESCRIPTIONS[status] ?? "Error",
        content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
      },
    ]),
  );
  return {
    summary: spec.summary,
    description: accessDescription(spec),
    tags: [tagOf(spec.rest.path)],
    security: spec.access.permission === "public" ? [] : [{ bearerAuth: [] }, { apiKey: [] }],
    parameters: parameters(spec),
    ...(jsonBodyOf(spec) && {
      requestBody: { required: true, content: { "application/json": { schema: jsonSchema(jsonBodyOf(spec) as ZodType, "input") } } },
    }),
    ...(rawBodyOf(spec) && { requestBody: { required: true, content: { "application/octet-stream": { schema: {} } } } }),
    responses: { [String(spec.status ?? 200)]: successResponse(spec), ...errors },
  };
}

/** The OpenAPI 3.1 document of the given operations' REST routes (those without one are left out). */
export function buildOpenApiDocument(operations: readonly AnyOperation[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const routed = operations.filter((spec): spec is RestOperation => spec.rest !== undefined);
  for (const spec of routed.sort((a, b) => a.rest.path.localeCompare(b.rest.path) || a.rest.method.localeCompare(b.rest.method))) {
    const methods = (paths[spec.rest.path] ??= {});
    const method = spec.rest.method.toLowerCase();
    if (methods[method]) throw new Error(`Two operations declare ${spec.rest.method} ${spec.rest.path}`);
    methods[method] = operation(spec);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Email archive service",
      version: "1",
      description:
        'Every error answers `{status: "error", statusCode, message, errors}`. Authenticate with `Authorization: Bearer <token>` (POST /v1/auth/login) or `X-API-KEY` (POST /v1/api-keys).',
    },
    paths,
    components: {
      schemas: { ErrorBody: jsonSchema(errorBodySchema, "output"), ...sharedSchemas },
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        apiKey: { type: "apiKey", in: "header", name: "X-API-KEY" },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
