import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { importUploadOperation } from "@/server/ingestion-sources/ingestion-sources.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(importUploadOperation) });
