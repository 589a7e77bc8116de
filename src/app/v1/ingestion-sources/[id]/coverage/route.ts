import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { getSourceCoverageOperation } from "@/server/api/capture/ingestion-sources.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getSourceCoverageOperation) });
