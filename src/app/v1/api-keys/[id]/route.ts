import { apiKeyIdParamsSchema } from "@/server/api-keys/api-keys.schemas";
import { deleteApiKey } from "@/server/api-keys/delete-api-key";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  DELETE: endpoint({
    summary: "Revoke one of the caller's API keys",
    errors: [404],
    auth: "authenticated",
    params: apiKeyIdParamsSchema,
    status: 204,
    handler: ({ principal, params }) => deleteApiKey({ principal, id: params.id }),
  }),
});
