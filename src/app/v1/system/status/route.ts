import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { getSystemStatus } from "@/server/system/get-system-status";
import { systemStatusResponse } from "@/server/system/system.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary:
      "System status: worker and listener processes with their last heartbeat, job and export queues, lifecycle cycles, search index coverage, storage and database size",
    response: systemStatusResponse,
    auth: "manage:all",
    handler: () => getSystemStatus(),
  }),
});
