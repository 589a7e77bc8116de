import type { JobHandler } from "./run-next-job";

/** Every background job type the worker runs, by name. */
export const jobHandlers: Record<string, JobHandler> = {};
