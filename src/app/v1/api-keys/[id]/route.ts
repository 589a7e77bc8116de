import { deleteApiKeyOperation } from "@/server/identity/api-keys/api-keys.operations";
import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ DELETE: rest(deleteApiKeyOperation) });
