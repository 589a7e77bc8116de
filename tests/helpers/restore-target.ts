import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, inject } from "vitest";

const serverUrl = () => process.env.DATABASE_URL!.replace(/\/[^/]+$/, "");

/**
 * Targets of a restore for this test file: `freshTarget()` answers the env of an empty DATA_DIR and
 * database on the test server, without a schema or as a first start of the service leaves it
 * (migrated, with the predefined roles: the test template). The databases go after the file.
 */
export function useRestoreTargets(): (options?: { startedOnce?: boolean }) => Promise<Record<string, string>> {
  const databases: string[] = [];
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: `${serverUrl()}/postgres` });
    await admin.connect();
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });
  return async (options = {}) => {
    const name = `${process.env.DATABASE_URL!.split("/").pop()}_r${databases.length}`;
    const admin = new pg.Client({ connectionString: `${serverUrl()}/postgres` });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}"${options.startedOnce ? ` TEMPLATE "${inject("templateDatabase")}"` : ""}`);
        break;
      } catch (error) {
        // The template may be briefly in use by another file's clone (55006): retry.
        if ((error as { code?: string }).code !== "55006" || attempt > 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    await admin.end();
    databases.push(name);
    return { DATABASE_URL: `${serverUrl()}/${name}`, DATA_DIR: await mkdtemp(path.join(tmpdir(), "restore-target-")) };
  };
}

export async function queryOn<T extends pg.QueryResultRow>(databaseUrl: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}
