import { downloadRawEmailOperation } from "@/server/api/archive/archived-emails.operations";
import { routeMethods } from "@/server/transport/http/rest-endpoint";
import { sessionRoute } from "@/server/transport/http/session-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: sessionRoute(downloadRawEmailOperation) });
