import type pg from "pg";

/**
 * How `check` walks the stored blobs (docs/operations.md "Check"): how many reads at once, a
 * sample instead of every blob, and where to start and stop so a long walk can be done in parts.
 */
export interface BlobWalkOptions {
  /** Blob reads in flight at once (default: defaultBlobReadConcurrency of the store). */
  concurrency?: number;
  /** A fraction in (0, 1] of the blobs, or about `count` of them; chosen pseudo-randomly by `seed`. */
  sample?: { fraction: number } | { count: number };
  /** Picks the sample; a random one by default. */
  seed?: string;
  /** Continue the walk an earlier check left unfinished (its cursor is in the database). */
  resume?: boolean;
  /** Stop after this many blobs, keeping the cursor for a later `resume`. */
  limit?: number;
}

/**
 * One verification of `npm run archive -- check` (docs/operations.md). A check adds its own fields
 * to the printed summary; adding one means writing a file like this one's neighbours and listing it
 * in INSTALLATION_CHECKS (check-installation.ts).
 */
export interface InstallationCheck {
  name: string;
  /** Units of work the check will report through `advance`, for the progress bar (an estimate is fine). */
  estimateWork(client: pg.Client, blobWalk: BlobWalkOptions): Promise<number>;
  run(options: {
    client: pg.Client;
    blobWalk: BlobWalkOptions;
    advance: (units: number) => void;
    problem: (description: string) => void;
  }): Promise<CheckOutcome>;
}

export interface CheckOutcome {
  ok: boolean;
  summary: Record<string, number | boolean | string | null>;
}
