import { createApiKeyOperation, listApiKeysOperation } from "@/server/api/identity/api-keys.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(listApiKeysOperation, createApiKeyOperation);
