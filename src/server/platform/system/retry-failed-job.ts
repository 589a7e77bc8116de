import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../db/client";
import { conflict, notFound } from "../errors/app-error";
import { requeueFailedJob } from "./system.queries";

/**
 * Queues a background job that failed for good (after its retries) again, its attempts counted
 * afresh (RETRY on target Job). 404 for an unknown job, 409 for one that has not failed.
 */
export async function retryFailedJob(options: { actor: AuditActor; id: string }): Promise<void> {
  await transaction(async (tx) => {
    const job = await tx.job.findUnique({ where: { id: options.id }, select: { type: true, status: true, lastError: true } });
    if (!job) throw notFound("Job");
    if (!(await requeueFailedJob(tx, options.id))) throw conflict(`Only a failed job can be retried; this one is ${job.status}`);
    await appendAuditEntry(tx, {
      actor: options.actor,
      actionType: "RETRY",
      targetType: "Job",
      targetId: options.id,
      details: { type: job.type, lastError: job.lastError },
    });
  });
}
