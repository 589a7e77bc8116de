import { z, type ZodType } from "zod";
import { errorBodySchema } from "../error-response";
import type { EndpointDescription, RouteModule } from "../rest-endpoint";
import { REPLICA_LAG_HEADER } from "../../../platform/db/replica-reads";

/** A route file's path pattern as the App Router names it ("/v1/users/[id]") and its module. */
export interface RestRoute {
  pattern: string;
  module: RouteModule;
}

type JsonSchema = Record<string, unknown>;

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

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

/** "/v1/users/[id]" → "/v1/users/{id}". */
export const openApiPath = (pattern: string) => pattern.replace(/\[([^\]]+)\]/g, "{$1}");

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

function parameters(spec: EndpointDescription, pattern: string) {
  const pathNames = [...pattern.matchAll(/\[([^\]]+)\]/g)].map((match) => match[1]);
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

/** The error statuses an endpoint can answer: those its description implies and those it names. */
export function errorStatuses(spec: EndpointDescription): number[] {
  const statuses = new Set([...(spec.errors ?? []), 500]);
  if (spec.auth !== "public") statuses.add(401);
  // Any signed-in caller may be refused while the mfaRequired setting obliges them to enrol (docs/auth.md).
  if (spec.feature || (spec.auth !== "public" && !spec.duringMfaEnrolment)) statuses.add(403);
  if (spec.params || spec.query || spec.body) statuses.add(422);
  if (spec.body) for (const status of [413, 415]) statuses.add(status);
  if (spec.rateLimit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

function successResponse(spec: EndpointDescription) {
  if (spec.status === 204) return { description: "No content" };
  if (spec.produces) return { description: "The file", content: { [spec.produces]: { schema: {} } } };
  return {
    description: "Success",
    ...(spec.readsReplica ? { headers: { [REPLICA_LAG_HEADER]: REPLICA_LAG_HEADER_DOC } } : {}),
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

function accessDescription(spec: EndpointDescription): string {
  const who =
    spec.auth === "public"
      ? "No authentication."
      : spec.auth === "authenticated"
        ? "Any signed-in caller."
        : DUTY_PERMISSIONS.has(spec.auth)
          ? `Permission \`${spec.auth}\` (\`manage:all\` grants it).`
          : `Permission \`${spec.auth}\`.`;
  return [who, spec.feature && `License feature \`${spec.feature}\`.`, spec.rateLimit && `Rate limit \`${spec.rateLimit}\`.`]
    .filter(Boolean)
    .join(" ");
}

/** The API area a path belongs to ("/api/v1/enterprise/legal-holds/holds" → "legal-holds"). */
const tagOf = (pattern: string) => pattern.replace(/^\/(api\/v1\/enterprise|v1)\//, "").split("/")[0];

function operation(spec: EndpointDescription, pattern: string) {
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
    tags: [tagOf(pattern)],
    security: spec.auth === "public" ? [] : [{ bearerAuth: [] }, { apiKey: [] }],
    parameters: parameters(spec, pattern),
    ...(spec.body && { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(spec.body, "input") } } } }),
    ...(spec.rawBody && { requestBody: { required: true, content: { "application/octet-stream": { schema: {} } } } }),
    responses: { [String(spec.status)]: successResponse(spec), ...errors },
  };
}

/** The OpenAPI 3.1 document of every described handler of the given route files. */
export function buildOpenApiDocument(routes: RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { pattern, module } of [...routes].sort((a, b) => a.pattern.localeCompare(b.pattern))) {
    for (const method of METHODS) {
      const spec = module[method]?.endpointSpec;
      if (!spec || spec.credentials !== "token") continue;
      (paths[openApiPath(pattern)] ??= {})[method.toLowerCase()] = operation(spec, pattern);
    }
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
