import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { applyMigrations, checkMigrations, migrationPaths, readMigrationsList } from "./migrations";
import { createTemporaryDatabase, databaseUrlWith, dropDatabase, openSchemaEngine } from "./schema-engine";

const serverUrl = inject("databaseServerUrl");
const adminUrl = `${serverUrl}/postgres`;
const created: string[] = [];

async function freshDatabase(): Promise<string> {
  const name = await createTemporaryDatabase(adminUrl, "archive_test_migr");
  created.push(name);
  return databaseUrlWith(adminUrl, name);
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const name of created) await dropDatabase(adminUrl, name);
});

describe("migrations (WASM schema engine)", () => {
  it("applies every migration once, recording them like prisma migrate deploy", async () => {
    const url = await freshDatabase();
    const { migrationsDir } = migrationPaths();
    const names = (await readMigrationsList(migrationsDir)).migrationDirectories.map((directory) => directory.path);
    expect(names.length).toBeGreaterThan(0);

    // Concurrent callers queue on the advisory lock: exactly one of them applies the migrations.
    const results = await Promise.all([applyMigrations(url), applyMigrations(url), applyMigrations(url)]);
    expect(results.flat().sort()).toEqual([...names].sort());
    expect(results.filter((applied) => applied.length > 0)).toHaveLength(1);

    const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      url,
      "select migration_name, checksum, finished_at, rolled_back_at from _prisma_migrations order by migration_name",
    );
    expect(rows.map((row) => row.migration_name)).toEqual([...names].sort());
    for (const row of rows) {
      const script = await readFile(path.join(migrationsDir, row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(createHash("sha256").update(new Uint8Array(script)).digest("hex"));
      expect(row.finished_at).not.toBeNull();
      expect(row.rolled_back_at).toBeNull();
    }

    const started = performance.now();
    expect(await applyMigrations(url)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("finds schema.prisma and the migrations in agreement", async () => {
    const result = await checkMigrations(adminUrl);
    expect(result.script).toBe("");
    expect(result.inSync).toBe(true);
    const leftovers = await query<{ datname: string }>(adminUrl, "select datname from pg_database where datname like 'prisma\\_%'");
    expect(leftovers.filter((row) => /^prisma_(shadow|scratch)_/.test(row.datname))).toEqual([]);
  });

  it("runs scripts with $$ bodies and semicolons in literals as one statement batch", async () => {
    const url = await freshDatabase();
    const session = await openSchemaEngine(url);
    try {
      const marker = randomBytes(4).toString("hex");
      await session.engine.dbExecute({
        datasourceType: { tag: "url", url },
        script: `create table t (v text);
create function f() returns text language plpgsql as $$ begin return 'a;b'; end; $$;
insert into t values ('${marker};x'), (f());`,
      });
      const rows = await query<{ v: string }>(url, "select v from t order by v");
      expect(rows.map((row) => row.v)).toEqual([`${marker};x`, "a;b"].sort());
    } finally {
      await session.close();
    }
  });
});
