import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { deleteSource } from "@/server/ingestion-sources/delete-source";
import { getSource } from "@/server/ingestion-sources/get-source";
import { sourceIdParamsSchema, updateSourceSchema } from "@/server/ingestion-sources/ingestion-sources.schemas";
import { updateSource } from "@/server/ingestion-sources/update-source";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({ auth: "manage:ingestion", params: sourceIdParamsSchema, handler: ({ params }) => getSource({ id: params.id }) }),
  PUT: endpoint({
    auth: "manage:ingestion",
    params: sourceIdParamsSchema,
    body: updateSourceSchema,
    handler: ({ principal, params, body }) => updateSource({ actor: principal.actor, id: params.id, input: body }),
  }),
  DELETE: endpoint({
    auth: "manage:ingestion",
    params: sourceIdParamsSchema,
    status: 204,
    handler: ({ principal, params }) => deleteSource({ actor: principal.actor, id: params.id }),
  }),
});
