import { getSystemStatus } from "../../system/get-system-status";
import { getWorkerPresence } from "../../system/get-worker-presence";
import { retryFailedJob } from "../../system/retry-failed-job";
import { jobIdParamsSchema } from "../../system/system.schemas";
import { procedure, router } from "../init";

const manageAll = procedure({ permission: "manage:all" });

export const systemRouter = router({
  status: manageAll.query(() => getSystemStatus()),
  retryJob: manageAll.input(jobIdParamsSchema).mutation(({ ctx, input }) => retryFailedJob({ actor: ctx.principal.actor, id: input.id })),
  /** UI only (no REST route): the "no worker" banner of the Exports, Sources and Retention pages, for anyone signed in. */
  workerPresence: procedure({ permission: "authenticated" }).query(() => getWorkerPresence()),
});
