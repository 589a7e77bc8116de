import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { searchArchiveOperation } from "@/server/api/search/search.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(searchArchiveOperation) });
