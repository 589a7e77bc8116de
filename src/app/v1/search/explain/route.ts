import { explainSearchOperation } from "@/server/api/search/search.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(explainSearchOperation);
