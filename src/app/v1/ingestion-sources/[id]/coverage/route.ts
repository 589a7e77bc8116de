import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { getSourceCoverageOperation } from "@/server/ingestion-sources/ingestion-sources.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getSourceCoverageOperation) });
