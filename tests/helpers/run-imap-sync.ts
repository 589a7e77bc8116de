/**
 * `tsx tests/helpers/run-imap-sync.ts <sourceId> <batchMessages>`: one IMAP sync in a process of
 * its own, which a test can kill mid-sync (DATABASE_URL, DATA_DIR, ENCRYPTION_KEY from the env).
 */
import { syncImapSource } from "../../src/server/capture/imap/sync-imap-source";

const [sourceId, batchMessages] = process.argv.slice(2);
const result = await syncImapSource({ sourceId, limits: { messages: Number(batchMessages) } });
process.stdout.write(`${result.status}\n`);
process.exit(0);
