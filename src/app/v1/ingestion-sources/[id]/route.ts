import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { deleteSourceOperation, getSourceOperation, updateSourceOperation } from "@/server/api/capture/ingestion-sources.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: rest(getSourceOperation),
  PUT: rest(updateSourceOperation),
  DELETE: rest(deleteSourceOperation),
});
