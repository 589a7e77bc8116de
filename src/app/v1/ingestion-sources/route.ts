import { z } from "zod";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { createSource } from "@/server/ingestion-sources/create-source";
import { createSourceSchema } from "@/server/ingestion-sources/ingestion-sources.schemas";
import { listSources } from "@/server/ingestion-sources/list-sources";
import { ingestionSourceResponse } from "@/server/ingestion-sources/ingestion-sources.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: z.array(ingestionSourceResponse),
    summary: "List ingestion sources",
    auth: "manage:ingestion",
    handler: () => listSources(),
  }),
  POST: endpoint({
    response: ingestionSourceResponse,
    summary: "Create an ingestion source",
    errors: [409],
    auth: "manage:ingestion",
    body: createSourceSchema,
    status: 201,
    handler: ({ principal, body }) => createSource({ actor: principal.actor, input: body }),
  }),
});
