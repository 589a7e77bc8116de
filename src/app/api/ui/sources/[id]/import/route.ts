import { routeMethods } from "@/server/http/rest-endpoint";
import { sessionRoute } from "@/server/http/session-endpoint";
import { importUploadOperation } from "@/server/ingestion-sources/ingestion-sources.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: sessionRoute(importUploadOperation) });
