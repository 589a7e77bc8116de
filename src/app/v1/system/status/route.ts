import { getSystemStatusOperation } from "@/server/api/installation/system.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(getSystemStatusOperation);
