import { appendAuditEntry } from "../../audit/append-audit-entry";
import type { Principal } from "../../identity/auth/principal";
import { transaction } from "../../platform/db/client";
import { conflict, notFound } from "../../platform/errors/app-error";
import { jobRetryChecks } from "./job-retry-checks";
import { requeueFailedJob } from "./system.queries";

/**
 * Queues a background job that failed for good (after its retries) again, its attempts counted
 * afresh (RETRY on target Job). 404 for an unknown job, 403 when its type's retry check refuses the
 * caller (a restore job: its requester or manage:all only; job-retry-checks.ts), 409 for one that
 * has not failed.
 */
export async function retryFailedJob(options: { principal: Principal; id: string }): Promise<void> {
  await transaction(async (tx) => {
    const job = await tx.job.findUnique({
      where: { id: options.id },
      select: { type: true, status: true, lastError: true, payload: true },
    });
    if (!job) throw notFound("Job");
    await jobRetryChecks[job.type]?.({ principal: options.principal, payload: job.payload as Record<string, unknown>, client: tx });
    if (!(await requeueFailedJob(tx, options.id))) throw conflict(`Only a failed job can be retried; this one is ${job.status}`);
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "RETRY",
      targetType: "Job",
      targetId: options.id,
      details: { type: job.type, lastError: job.lastError },
    });
  });
}
