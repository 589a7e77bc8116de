import { z } from "zod";
import { createApiKeySchema } from "@/server/api-keys/api-keys.schemas";
import { createApiKey } from "@/server/api-keys/create-api-key";
import { listApiKeys } from "@/server/api-keys/list-api-keys";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { apiKeyResponse, createdApiKeyResponse } from "@/server/api-keys/api-keys.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "List the caller's API keys",
    response: z.array(apiKeyResponse),
    auth: "authenticated",
    handler: ({ principal }) => listApiKeys({ principal }),
  }),
  POST: endpoint({
    summary: "Create an API key (the key is shown once)",
    response: createdApiKeyResponse,
    auth: "authenticated",
    body: createApiKeySchema,
    status: 201,
    handler: ({ principal, body }) => createApiKey({ principal, input: body }),
  }),
});
