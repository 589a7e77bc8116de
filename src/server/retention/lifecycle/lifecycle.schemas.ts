import { z } from "zod";

/** The job type of a lifecycle cycle requested now (request-lifecycle-cycle.ts); the worker's job loop runs it. */
export const LIFECYCLE_CYCLE_JOB = "lifecycle-cycle";

export const cycleRequestParamsSchema = z.object({ id: z.uuid({ message: "id must be a UUID" }) });
