import type pg from "pg";

/**
 * One verification of `npm run archive -- check` (docs/operations.md). A check adds its own fields
 * to the printed summary; adding one means writing a file like this one's neighbours and listing it
 * in INSTALLATION_CHECKS (check-installation.ts).
 */
export interface InstallationCheck {
  name: string;
  /** Units of work the check will report through `advance`, for the progress bar (an estimate is fine). */
  estimateWork(client: pg.Client): Promise<number>;
  run(options: { client: pg.Client; advance: (units: number) => void; problem: (description: string) => void }): Promise<CheckOutcome>;
}

export interface CheckOutcome {
  ok: boolean;
  summary: Record<string, number | boolean | string | null>;
}
