import { z } from "zod";
import { operation } from "../operation";
import { apiKeyResponse, createdApiKeyResponse } from "../../identity/api-keys/api-keys.responses";
import { apiKeyIdParamsSchema, createApiKeySchema } from "../../identity/api-keys/api-keys.schemas";
import { createApiKey } from "../../identity/api-keys/create-api-key";
import { deleteApiKey } from "../../identity/api-keys/delete-api-key";
import { listApiKeys } from "../../identity/api-keys/list-api-keys";

/** Every signed-in caller manages their own keys. */
const ownKeys = { permission: "authenticated" } as const;

export const listApiKeysOperation = operation({
  rest: { method: "GET", path: "/v1/api-keys" },
  summary: "List the caller's API keys",
  access: ownKeys,
  response: z.array(apiKeyResponse),
  handler: ({ principal }) => listApiKeys({ principal }),
});

export const createApiKeyOperation = operation({
  rest: { method: "POST", path: "/v1/api-keys" },
  summary: "Create an API key (the key is shown once)",
  access: ownKeys,
  body: createApiKeySchema,
  response: createdApiKeyResponse,
  status: 201,
  handler: ({ principal, body }) => createApiKey({ principal, input: body }),
});

export const deleteApiKeyOperation = operation({
  rest: { method: "DELETE", path: "/v1/api-keys/{id}" },
  summary: "Revoke one of the caller's API keys",
  access: ownKeys,
  params: apiKeyIdParamsSchema,
  status: 204,
  errors: [404],
  handler: ({ principal, params }) => deleteApiKey({ principal, id: params.id }),
});
