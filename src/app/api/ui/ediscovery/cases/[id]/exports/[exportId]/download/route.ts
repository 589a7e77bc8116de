import { downloadExportOperation } from "@/server/api/ediscovery/ediscovery.operations";
import { uiRoute } from "@/server/transport/http/session-endpoint";

/** The case workspace's download link: the REST download, authenticated by the session cookie. */
export const { GET, POST, PUT, PATCH, DELETE } = uiRoute(downloadExportOperation);
