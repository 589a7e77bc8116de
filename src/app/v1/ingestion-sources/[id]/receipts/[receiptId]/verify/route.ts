import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { verifyImportReceiptOperation } from "@/server/api/capture/ingestion-sources.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(verifyImportReceiptOperation) });
