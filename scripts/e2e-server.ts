/** Starts the production server for Playwright on a fresh data directory and its own ports. */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const dataDir = path.resolve(".e2e-data");
rmSync(dataDir, { recursive: true, force: true });
const child = spawn("npx", ["tsx", "scripts/start.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? "54349",
    DATABASE_URL: "",
    // Several worker processes, as a server with several cores runs (docs/configuration.md).
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "2",
    // The journaling listener only where a spec asks for it: parallel runs would collide on 2525.
    JOURNAL_SMTP_PORT: process.env.E2E_SMTP_PORT ?? "0",
  },
});
const stop = () => child.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 0));
