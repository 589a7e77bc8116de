import { importUploadOperation } from "@/server/api/capture/ingestion-sources.operations";
import { uiRoute } from "@/server/transport/http/session-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = uiRoute(importUploadOperation);
