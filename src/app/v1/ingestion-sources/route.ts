import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { createSourceOperation, listSourcesOperation } from "@/server/ingestion-sources/ingestion-sources.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(listSourcesOperation), POST: rest(createSourceOperation) });
