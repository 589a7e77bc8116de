import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { FailureExitCodeReporter } from "../failure-exit-code-reporter";

/** A run with the real global setup (embedded PostgreSQL) and one failing test: it must exit non-zero. */
export default defineConfig({
  root: fileURLToPath(new URL("../../..", import.meta.url)),
  resolve: { alias: { "@": fileURLToPath(new URL("../../../src", import.meta.url)) } },
  test: {
    include: ["tests/setup/failing-run/*.fixture.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    reporters: ["default", new FailureExitCodeReporter()],
    setupFiles: ["tests/setup/per-file-setup.ts"],
  },
});
