import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { conflict, notFound } from "../../platform/errors/app-error";
import { lockSourceForUpdate } from "../ingestion-sources.queries";
import { enqueueJob } from "../../platform/jobs/enqueue-job";
import { selectUnfinishedSourceJob } from "../../platform/jobs/jobs.queries";
import { CLOUD_SYNC_JOB } from "../cloud/run-cloud-sync-job";
import { SYNCED_PROVIDERS } from "../ingestion-sources.schemas";
import { IMAP_SYNC_JOB } from "./imap.schemas";

const syncJobOf = (provider: string) => (provider === "imap" ? IMAP_SYNC_JOB : CLOUD_SYNC_JOB);

export interface SyncRequestAnswer {
  message: string;
  jobId: string;
  /** "queued" or "running": an earlier request's job that is not finished is answered instead of a new one. */
  jobStatus: string;
}

/**
 * Queues a background sync of an IMAP, Microsoft 365 or Google Workspace source, unless one is already queued or running, in which
 * case that job is the answer. The source row lock makes concurrent requests queue one job.
 */
export async function requestImapSync(options: { actor: AuditActor; sourceId: string }): Promise<SyncRequestAnswer> {
  return transaction(async (tx) => {
    const source = await lockSourceForUpdate(tx, options.sourceId);
    if (!source) throw notFound("Ingestion source");
    if (!(SYNCED_PROVIDERS as readonly string[]).includes(source.provider)) {
      throw conflict(`Only ${SYNCED_PROVIDERS.join(", ")} sources can be synced; this source's provider is "${source.provider}"`);
    }
    const jobType = syncJobOf(source.provider);
    const pending = await selectUnfinishedSourceJob(tx, jobType, options.sourceId);
    if (pending) {
      return { message: `A sync of this source is already ${pending.status}`, jobId: pending.id, jobStatus: pending.status };
    }
    const { identifier, ip, userId, apiKeyId } = options.actor;
    const requestedBy = { identifier, ip, ...(userId ? { userId } : {}), ...(apiKeyId ? { apiKeyId } : {}) };
    const jobId = await enqueueJob({ type: jobType, payload: { sourceId: options.sourceId, requestedBy }, client: tx });
    await appendAuditEntry(tx, {
      actor: options.actor,
      actionType: "SYNC",
      targetType: "IngestionSource",
      targetId: options.sourceId,
      details: { jobId },
    });
    return { message: "Sync queued", jobId, jobStatus: "queued" };
  });
}
