/**
 * The most calls one tRPC batch request may carry: the route handler refuses a larger batch (400,
 * nothing runs) and the UI's batch link splits its calls to stay within it (docs/security.md).
 */
export const TRPC_MAX_BATCH_SIZE = 10;
