import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { importUploadOperation } from "@/server/api/capture/ingestion-sources.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(importUploadOperation) });
