import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { createSource } from "@/server/ingestion-sources/create-source";
import { createSourceSchema } from "@/server/ingestion-sources/ingestion-sources.schemas";
import { listSources } from "@/server/ingestion-sources/list-sources";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({ auth: "manage:ingestion", handler: () => listSources() }),
  POST: endpoint({
    auth: "manage:ingestion",
    body: createSourceSchema,
    status: 201,
    handler: ({ principal, body }) => createSource({ actor: principal.actor, input: body }),
  }),
});
