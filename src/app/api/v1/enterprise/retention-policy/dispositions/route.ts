import { listDispositionsOperation } from "@/server/api/retention/dispositions.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(listDispositionsOperation);
