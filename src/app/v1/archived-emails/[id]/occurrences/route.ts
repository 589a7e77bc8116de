import { listEmailOccurrencesOperation } from "@/server/api/archive/occurrences.operations";
import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(listEmailOccurrencesOperation) });
