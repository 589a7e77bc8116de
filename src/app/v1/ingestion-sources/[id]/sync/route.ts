import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { requestSyncOperation } from "@/server/ingestion-sources/ingestion-sources.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(requestSyncOperation) });
