import { downloadExportOperation } from "@/server/ediscovery/ediscovery.operations";
import { routeMethods } from "@/server/http/rest-endpoint";
import { sessionRoute } from "@/server/http/session-endpoint";

/** The case workspace's download link: the REST download, authenticated by the session cookie. */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: sessionRoute(downloadExportOperation),
});
