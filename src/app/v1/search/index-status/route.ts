import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { indexStatusOperation } from "@/server/api/search/search.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(indexStatusOperation) });
