import { listEmailOccurrencesOperation } from "@/server/archive/occurrences/occurrences.operations";
import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(listEmailOccurrencesOperation) });
