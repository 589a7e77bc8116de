import { operation } from "../operation";
import { getSystemStatus } from "../../installation/system/get-system-status";
import { getWorkerPresence } from "../../installation/system/get-worker-presence";
import { retryFailedJob } from "../../installation/system/retry-failed-job";
import { systemStatusResponse } from "../../installation/system/system.responses";
import { jobIdParamsSchema } from "../../installation/system/system.schemas";

const manageSystem = { permission: "manage:system" } as const;

export const getSystemStatusOperation = operation({
  rest: { method: "GET", path: "/v1/system/status" },
  summary:
    "System status: worker and listener processes with their last heartbeat, job and export queues, lifecycle cycles, search index coverage, storage and database size",
  access: manageSystem,
  response: systemStatusResponse,
  handler: () => getSystemStatus(),
});

export const retryJobOperation = operation({
  rest: { method: "POST", path: "/v1/system/jobs/{id}/retry" },
  summary:
    "Queue a background job that failed for good again (its attempts counted afresh); a restore job only by its requester or manage:all",
  access: manageSystem,
  params: jobIdParamsSchema,
  status: 204,
  errors: [404, 409],
  handler: ({ principal, params }) => retryFailedJob({ principal, id: params.id }),
});

/** UI only (no REST route): the "no worker" banner of the Exports, Sources and Retention pages, for anyone signed in. */
export const getWorkerPresenceOperation = operation({
  summary: "Whether a background worker was seen lately",
  access: { permission: "authenticated" },
  handler: () => getWorkerPresence(),
});
