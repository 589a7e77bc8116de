import { listEmailsBySourceOperation } from "@/server/api/archive/archived-emails.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(listEmailsBySourceOperation);
