import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { explainSearchOperation } from "@/server/api/search/search.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(explainSearchOperation) });
