import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { disconnectDb } from "../../src/server/platform/db/client";
import { setTestFileEnvironment } from "../helpers/with-env";

// Every test file gets its own database cloned from the migrated template, and its own data dir.
const serverUrl = inject("databaseServerUrl");
const template = inject("templateDatabase");
const name = `archive_test_${inject("runPid")}_${randomBytes(6).toString("hex")}`;

const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
await admin.connect();
for (let attempt = 0; ; attempt++) {
  try {
    await admin.query(`create database "${name}" template "${template}"`);
    break;
  } catch (error) {
    // The template may be briefly in use by another file's clone (55006): retry.
    if ((error as { code?: string }).code !== "55006" || attempt > 50) throw error;
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
  }
}
await admin.end();

const dataDir = path.resolve(".test-data", "files", name);
setTestFileEnvironment(
  { DATABASE_URL: `${serverUrl}/${name}`, DATA_DIR: dataDir },
  {
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    ENCRYPTION_KEY: "a".repeat(64),
    // The provider emulators (tests/helpers/graph-emulator.ts, gmail-emulator.ts) listen on loopback,
    // which provider URLs may name only when the operator allows it (cloud/provider-address-rule.ts).
    CLOUD_PRIVATE_HOSTS: "127.0.0.1",
  },
);
mkdirSync(dataDir, { recursive: true });

afterAll(async () => {
  await disconnectDb();
  const cleanup = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await cleanup.connect();
  await cleanup.query(`drop database if exists "${name}" with (force)`);
  await cleanup.end();
});
