import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
/** The e2e server's SMTP journaling listener (e2e/journaling.spec.ts), apart per E2E_PORT. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? port + 22_000);
/** The OpenID provider e2e/sso.spec.ts starts; the e2e server is configured for it from the start. */
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? port + 23_000);
export const E2E_OIDC = {
  OIDC_ISSUER: `http://127.0.0.1:${E2E_OIDC_PORT}`,
  OIDC_CLIENT_ID: "mail-archive",
  OIDC_CLIENT_SECRET: "mail-archive-test-secret-0123456789",
  OIDC_SCOPES: "openid email profile groups",
  OIDC_DISPLAY_NAME: "Test IdP",
};

// Runs against the production build (`next build` + our start script) with a fresh embedded
// database, in Debian's Chromium: Playwright's own browser download cannot work offline.
export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry: a test that fails once and then passes is reported as "flaky" in the list output
  // (and its trace kept under test-results/), instead of failing the whole run; one that fails
  // twice still fails it.
  retries: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    },
    trace: "retain-on-failure",
  },
  // Files run alphabetically on one fresh database; the newcomer's first hour (first-run setup
  // through the /setup page, storage figures equal to its imports) must meet an empty database, so
  // every other file runs after it (each still stands alone).
  projects: [
    { name: "first-run", testMatch: "first-hour.spec.ts" },
    { name: "after-first-run", testIgnore: "first-hour.spec.ts", dependencies: ["first-run"] },
  ],
  webServer: {
    command: "tsx scripts/e2e-server.ts",
    url: `http://localhost:${port}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { PORT: String(port), E2E_SMTP_PORT: String(E2E_SMTP_PORT), ...E2E_OIDC },
  },
});
