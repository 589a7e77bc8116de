import { routeMethods } from "@/server/transport/http/rest-endpoint";
import { sessionRoute } from "@/server/transport/http/session-endpoint";
import { importUploadOperation } from "@/server/api/capture/ingestion-sources.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: sessionRoute(importUploadOperation) });
