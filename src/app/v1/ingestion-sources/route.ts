import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { createSourceOperation, listSourcesOperation } from "@/server/api/capture/ingestion-sources.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(listSourcesOperation), POST: rest(createSourceOperation) });
