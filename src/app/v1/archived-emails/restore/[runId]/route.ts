import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { getRestoreRun } from "@/server/restore/get-restore-run";
import { restoreRunParamsSchema } from "@/server/restore/restore.schemas";
import { restoreRunResponse } from "@/server/restore/restore.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: restoreRunResponse,
    summary: "A bulk restore's progress (its requester and manage:all only; 404 for anyone else)",
    errors: [404],
    auth: "restore:archive",
    params: restoreRunParamsSchema,
    handler: ({ principal, params }) => getRestoreRun({ principal, runId: params.runId }),
  }),
});
