import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { FailureExitCodeReporter } from "./tests/setup/failure-exit-code-reporter";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      "@tests": fileURLToPath(new URL("./tests", import.meta.url)),
    },
  },
  test: {
    include: ["src/**/*.test.ts", "tests/**/*.test.ts"],
    // Fixtures are inputs of tests (tests/fixtures/layers holds a fake src/server for the layer rule), not tests.
    exclude: ["**/node_modules/**", "tests/fixtures/**"],
    globalSetup: ["tests/setup/global-setup.ts"],
    reporters: ["default", new FailureExitCodeReporter()],
    setupFiles: ["tests/setup/per-file-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
