import { db } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { LIFECYCLE_CYCLE_JOB } from "./lifecycle.schemas";
import { cycleDto } from "./list-cycles";
import type { CycleRequestDto } from "./lifecycle.responses";

const STATUS_OF_JOB: Record<string, CycleRequestDto["status"]> = {
  queued: "queued",
  running: "running",
  done: "finished",
  failed: "failed",
};

/** A requested cycle: queued, running (its cycle so far), finished (what the cycle did) or failed (why). 404 for another job's id. */
export async function getCycleRequest(options: { id: string }): Promise<CycleRequestDto> {
  const job = await db().job.findUnique({ where: { id: options.id } });
  if (!job || job.type !== LIFECYCLE_CYCLE_JOB) throw notFound("Cycle request");
  const cycle = await db().lifecycleCycle.findFirst({ where: { jobId: job.id }, orderBy: [{ startedAt: "desc" }, { id: "desc" }] });
  const requestedBy = (job.payload as { requestedBy?: unknown } | null)?.requestedBy;
  return {
    id: job.id,
    status: STATUS_OF_JOB[job.status] ?? "queued",
    requestedBy: typeof requestedBy === "string" ? requestedBy : null,
    requestedAt: job.createdAt.toISOString(),
    error: job.lastError,
    cycle: cycle ? cycleDto(cycle) : null,
  };
}
