import { db } from "../db/client";

export interface LifecycleCycleDto {
  id: string;
  startedAt: string;
  /** null while the cycle runs (or if its worker died). */
  finishedAt: string | null;
  evaluated: number;
  deleted: number;
  protectedByHold: number;
  awaitingReview: number;
  failed: number;
  durationMs: number | null;
  failures: unknown[];
}

/** The most recent cycles first. */
export async function listCycles(options: { limit: number }): Promise<LifecycleCycleDto[]> {
  const cycles = await db().lifecycleCycle.findMany({ orderBy: [{ startedAt: "desc" }, { id: "desc" }], take: options.limit });
  return cycles.map((cycle) => ({
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
  }));
}
