import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { enqueueJob } from "../../platform/jobs/enqueue-job";
import { lockJobType, selectQueuedJob } from "../../platform/jobs/jobs.queries";
import { getCycleRequest } from "./get-cycle-request";
import type { CycleRequestDto } from "./lifecycle.responses";
import { LIFECYCLE_CYCLE_JOB } from "./lifecycle.schemas";

/**
 * "Run lifecycle cycle now": queues a cycle for the worker's job loop (run-requested-cycle.ts),
 * audited (CREATE of a Job of type lifecycle-cycle) by its real actor in the same transaction. While an earlier
 * request still waits for the worker, that request is the answer (nothing new is queued or audited),
 * so pressing the button twice runs one cycle; once a request's cycle has started, a new request
 * queues a new cycle, since changes made meanwhile may have come too late for the running one.
 */
export async function requestLifecycleCycle(options: { actor: AuditActor }): Promise<CycleRequestDto> {
  const id = await transaction(async (tx) => {
    await lockJobType(tx, LIFECYCLE_CYCLE_JOB);
    const pending = await selectQueuedJob(tx, LIFECYCLE_CYCLE_JOB);
    if (pending) return pending.id;
    const jobId = await enqueueJob({ type: LIFECYCLE_CYCLE_JOB, payload: { requestedBy: options.actor.identifier }, client: tx });
    await appendAuditEntry(tx, {
      actor: options.actor,
      actionType: "CREATE",
      targetType: "Job",
      targetId: jobId,
      details: { type: LIFECYCLE_CYCLE_JOB },
    });
    return jobId;
  });
  return getCycleRequest({ id });
}
