import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { deleteSource } from "@/server/ingestion-sources/delete-source";
import { getSource } from "@/server/ingestion-sources/get-source";
import { sourceIdParamsSchema, updateSourceSchema } from "@/server/ingestion-sources/ingestion-sources.schemas";
import { updateSource } from "@/server/ingestion-sources/update-source";
import { ingestionSourceResponse } from "@/server/ingestion-sources/ingestion-sources.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: ingestionSourceResponse,
    summary: "Read an ingestion source",
    errors: [404],
    auth: "manage:ingestion",
    params: sourceIdParamsSchema,
    handler: ({ params }) => getSource({ id: params.id }),
  }),
  PUT: endpoint({
    response: ingestionSourceResponse,
    summary: "Change an ingestion source",
    errors: [404, 409],
    auth: "manage:ingestion",
    params: sourceIdParamsSchema,
    body: updateSourceSchema,
    handler: ({ principal, params, body }) => updateSource({ actor: principal.actor, id: params.id, input: body }),
  }),
  DELETE: endpoint({
    summary: "Delete an ingestion source without emails",
    errors: [404, 409],
    auth: "manage:ingestion",
    params: sourceIdParamsSchema,
    status: 204,
    handler: ({ principal, params }) => deleteSource({ actor: principal.actor, id: params.id }),
  }),
});
