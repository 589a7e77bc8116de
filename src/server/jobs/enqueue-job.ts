import { Prisma } from "@/generated/prisma/client";
import { db } from "../db/client";
import { querySql, type SqlClient } from "../db/sql-client";

/** Queues a background job; pass the caller's transaction so the job exists only if it commits. */
export async function enqueueJob(options: {
  type: string;
  payload?: Record<string, unknown>;
  runAfter?: Date;
  client?: SqlClient;
}): Promise<string> {
  const [job] = await querySql<{ id: string }>(
    options.client ?? db(),
    Prisma.sql`INSERT INTO jobs (id, type, payload, run_after) VALUES (gen_random_uuid(), ${options.type}, ${JSON.stringify(options.payload ?? {})}::jsonb,
      ${(options.runAfter ?? new Date()).toISOString()}::timestamptz) RETURNING id`,
  );
  return job.id;
}
