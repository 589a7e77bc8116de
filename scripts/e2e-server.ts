/**
 * Starts the production server for Playwright on a fresh data directory and its own ports, all its
 * roles included (web, worker, journal listener), as `npm start` runs them. The first-run setup
 * token the server prints (a line with "setup token") is kept in `.e2e-data/e2e-setup-token` for
 * the specs (e2e/session.ts), which set up the first administrator with it.
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";

const dataDir = path.resolve(".e2e-data");
rmSync(dataDir, { recursive: true, force: true });
const child = spawn("npx", ["tsx", "scripts/start.ts"], {
  stdio: ["ignore", "pipe", "inherit"],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? "54349",
    DATABASE_URL: "",
    // Several worker processes, as a server with several cores runs (docs/configuration.md).
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "2",
    // The journaling listener only where a spec asks for it: parallel runs would collide on 2525.
    JOURNAL_SMTP_PORT: process.env.E2E_SMTP_PORT ?? "0",
    // The worker's lifecycle cycle runs at start; the specs run theirs when they need one.
    LIFECYCLE_INTERVAL_MINUTES: process.env.LIFECYCLE_INTERVAL_MINUTES ?? "1440",
  },
});
createInterface({ input: child.stdout! }).on("line", (line) => {
  process.stdout.write(`${line}\n`);
  const token = /setup token: (\S+)/.exec(line)?.[1];
  if (token) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, "e2e-setup-token"), token, { mode: 0o600 });
  }
});
const stop = () => child.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 0));
