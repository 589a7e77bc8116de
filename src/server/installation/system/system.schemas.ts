import { z } from "zod";

/** A background process silent for longer than this is shown as not running (three missed heartbeats and then some). */
export const WORKER_STALE_SECONDS = 3 * 60;

export const jobIdParamsSchema = z.object({ id: z.uuid({ message: "id must be a UUID" }) });
export type JobIdParams = z.infer<typeof jobIdParamsSchema>;
