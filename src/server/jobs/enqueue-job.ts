import type { DbOrTx } from "../db/client";
import { db } from "../db/client";

/** Queues a background job; pass the caller's transaction so the job exists only if it commits. */
export async function enqueueJob(options: {
  type: string;
  payload?: Record<string, unknown>;
  runAfter?: Date;
  client?: DbOrTx;
}): Promise<string> {
  const job = await (options.client ?? db()).job.create({
    data: { type: options.type, payload: (options.payload ?? {}) as object, runAfter: options.runAfter ?? new Date() },
    select: { id: true },
  });
  return job.id;
}
