import { openApiDocumentOperation } from "@/server/transport/http/openapi/rest-api-document";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(openApiDocumentOperation);
