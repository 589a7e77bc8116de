import { createApiKeySchema } from "@/server/api-keys/api-keys.schemas";
import { createApiKey } from "@/server/api-keys/create-api-key";
import { listApiKeys } from "@/server/api-keys/list-api-keys";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({ auth: "authenticated", handler: ({ principal }) => listApiKeys({ principal }) }),
  POST: endpoint({
    auth: "authenticated",
    body: createApiKeySchema,
    status: 201,
    handler: ({ principal, body }) => createApiKey({ principal, input: body }),
  }),
});
