import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { getImportReceiptOperation } from "@/server/api/capture/ingestion-sources.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getImportReceiptOperation) });
