import { getRestoreRunOperation } from "@/server/api/capture/restore.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(getRestoreRunOperation);
