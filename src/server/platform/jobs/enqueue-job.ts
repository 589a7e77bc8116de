import { db } from "../db/client";
import type { SqlClient } from "../db/sql-client";
import { insertJob } from "./jobs.queries";

/** Queues a background job; pass the caller's transaction so the job exists only if it commits. */
export async function enqueueJob(options: {
  type: string;
  payload?: Record<string, unknown>;
  runAfter?: Date;
  client?: SqlClient;
}): Promise<string> {
  return insertJob(options.client ?? db(), {
    type: options.type,
    payload: options.payload ?? {},
    runAfter: options.runAfter ?? new Date(),
  });
}
