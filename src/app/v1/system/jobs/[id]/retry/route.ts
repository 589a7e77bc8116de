import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { retryFailedJob } from "@/server/system/retry-failed-job";
import { jobIdParamsSchema } from "@/server/system/system.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    summary: "Queue a background job that failed for good again (its attempts counted afresh)",
    errors: [404, 409],
    auth: "manage:all",
    params: jobIdParamsSchema,
    status: 204,
    handler: async ({ principal, params }) => {
      await retryFailedJob({ actor: principal.actor, id: params.id });
    },
  }),
});
