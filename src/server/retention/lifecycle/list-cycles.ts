import type { LifecycleCycle } from "@/generated/prisma/client";
import { db } from "../../platform/db/client";
import type { LifecycleCycleDto } from "./lifecycle.responses";

/** A recorded cycle as the API shows it. */
export function cycleDto(cycle: LifecycleCycle): LifecycleCycleDto {
  return {
    id: cycle.id,
    startedAt: cycle.startedAt.toISOString(),
    finishedAt: cycle.finishedAt?.toISOString() ?? null,
    evaluated: cycle.evaluated,
    deleted: cycle.deleted,
    protectedByHold: cycle.protectedByHold,
    awaitingReview: cycle.awaitingReview,
    failed: cycle.failed,
    durationMs: cycle.durationMs,
    failures: Array.isArray(cycle.failures) ? cycle.failures : [],
  };
}

/** The most recent cycles first; `finishedAt` is null while a cycle runs (or if its worker died). */
export async function listCycles(options: { limit: number }): Promise<LifecycleCycleDto[]> {
  const cycles = await db().lifecycleCycle.findMany({ orderBy: [{ startedAt: "desc" }, { id: "desc" }], take: options.limit });
  return cycles.map(cycleDto);
}
