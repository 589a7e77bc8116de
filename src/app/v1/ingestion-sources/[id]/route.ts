import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { deleteSourceOperation, getSourceOperation, updateSourceOperation } from "@/server/ingestion-sources/ingestion-sources.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: rest(getSourceOperation),
  PUT: rest(updateSourceOperation),
  DELETE: rest(deleteSourceOperation),
});
