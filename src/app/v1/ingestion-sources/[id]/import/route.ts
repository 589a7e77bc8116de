import { importUploadOperation } from "@/server/api/capture/ingestion-sources.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(importUploadOperation);
