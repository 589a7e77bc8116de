import { createApiKeyOperation, listApiKeysOperation } from "@/server/api/identity/api-keys.operations";
import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(listApiKeysOperation), POST: rest(createApiKeyOperation) });
