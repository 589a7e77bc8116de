import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { getRestoreRun } from "@/server/restore/get-restore-run";
import { restoreRunParamsSchema } from "@/server/restore/restore.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "restore:archive",
    params: restoreRunParamsSchema,
    handler: ({ params }) => getRestoreRun({ runId: params.runId }),
  }),
});
