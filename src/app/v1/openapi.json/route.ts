import { openApiDocumentRoute } from "@/server/transport/http/openapi/openapi-route";
import { restApiDocument } from "../../rest-routes";

export const { GET, POST, PUT, PATCH, DELETE } = openApiDocumentRoute(restApiDocument);
