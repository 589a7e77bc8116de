import { listEmailOccurrencesOperation } from "@/server/api/archive/occurrences.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(listEmailOccurrencesOperation);
