/**
 * `npm run worker`: runs background jobs (IMAP sync, index catch-up) and lifecycle cycles every
 * LIFECYCLE_INTERVAL_MINUTES until SIGTERM, finishing the work in hand. `-- --once` runs one
 * lifecycle cycle, prints its JSON summary and exits.
 */
import { resolveDatabase } from "../src/server/db/database-url";
import { disconnectDb } from "../src/server/db/client";
import { applyMigrations } from "../src/server/db/migrations";
import { jobHandlers } from "../src/server/jobs/job-handlers";
import { runNextJob } from "../src/server/jobs/run-next-job";
import { prepareDatabase } from "../src/server/system/prepare-database";

const log = (message: string) => console.error(`[worker] ${message}`);
let stopping = false;

async function sleep(ms: number) {
  const until = Date.now() + ms;
  while (!stopping && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, Math.min(250, until - Date.now())));
}

async function main() {
  const database = await resolveDatabase(log);
  await applyMigrations(database.url, log);
  await prepareDatabase();
  const once = process.argv.includes("--once");
  try {
    if (once) {
      while (await runNextJob(jobHandlers));
      return;
    }
    process.on("SIGTERM", () => (stopping = true));
    process.on("SIGINT", () => (stopping = true));
    log("started");
    while (!stopping) {
      const ran = await runNextJob(jobHandlers).catch((error) => {
        log(`job loop error: ${String(error)}`);
        return false;
      });
      if (!ran) await sleep(1000);
    }
    log("stopped");
  } finally {
    await disconnectDb();
    await database.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
