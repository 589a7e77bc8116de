import { z } from "zod";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { restApiDocument } from "../../rest-routes";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "This API's OpenAPI 3.1 document",
    auth: "public",
    response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
    handler: () => restApiDocument(),
  }),
});
