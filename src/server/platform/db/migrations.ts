/**
 * Database migrations without Prisma's native schema engine (see docs/database.md).
 *
 * Migrations use Prisma's standard layout (prisma/migrations/<timestamp>_<name>/migration.sql plus
 * migration_lock.toml) and bookkeeping (the `_prisma_migrations` table), so the stock
 * `prisma migrate deploy` agrees with what is done here wherever its engine can be downloaded.
 * Must not import anything from next/*: the server start-up and the scripts use it.
 */
import { existsSync } from "node:fs";
// eslint-disable-next-line no-restricted-imports -- a new migration is source code in prisma/migrations, readable by all
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { MigrationList, SchemaFilter } from "@prisma/schema-engine-wasm";
import pg from "pg";
import { createTemporaryDatabase, databaseUrlWith, dropDatabase, openSchemaEngine } from "./schema-engine";

type Log = (message: string) => void;

const LOCKFILE = "migration_lock.toml";
const MIGRATION_FILE = "migration.sql";
const NO_FILTER: SchemaFilter = { externalTables: [], externalEnums: [] };

/**
 * Our own advisory lock around applying, on a dedicated session. It uses the two-key form, so it can
 * never collide with the single-key lock (72707369) that the engine takes itself on its pool.
 */
const LOCK_KEYS: number[] = [0x6d61696c, 0x6d696772]; // "mail", "migr"

export interface MigrationPaths {
  /** prisma/migrations */
  migrationsDir: string;
  /** prisma/schema.prisma */
  schemaFile: string;
}

/** prisma/ next to the working directory, or else next to this source file (repository layout). */
export function migrationPaths(): MigrationPaths {
  const candidates = [process.cwd(), fileURLToPath(new URL("../../../..", import.meta.url))];
  const root = candidates.find((dir) => existsSync(path.join(dir, "prisma", "schema.prisma"))) ?? process.cwd();
  return { migrationsDir: path.join(root, "prisma", "migrations"), schemaFile: path.join(root, "prisma", "schema.prisma") };
}

/** Reads the migrations directory the way the Prisma CLI does before handing it to the engine. */
export async function readMigrationsList(migrationsDir: string): Promise<MigrationList> {
  const lockfileContent = await readFile(path.join(migrationsDir, LOCKFILE), "utf8").catch(() => null);
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const directories = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async (entry) => ({
        path: entry.name,
        migrationFile: {
          path: MIGRATION_FILE,
          content: await readFile(path.join(migrationsDir, entry.name, MIGRATION_FILE), "utf8").then(
            (value) => ({ tag: "ok" as const, value }),
            (error: Error) => ({ tag: "error" as const, value: error.message }),
          ),
        },
      })),
  );
  directories.sort((a, b) => a.path.localeCompare(b.path));
  return {
    baseDir: migrationsDir,
    lockfile: { path: LOCKFILE, content: lockfileContent },
    shadowDbInitScript: "",
    migrationDirectories: directories,
  };
}

// ---------------------------------------------------------------------------------------------
// apply
// ---------------------------------------------------------------------------------------------

interface MigrationRow {
  migration_name: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/** Names of the migrations in the directory that the database has not applied; null when the engine must decide. */
async function pendingMigrations(client: pg.Client, names: string[]): Promise<string[] | null> {
  const table = await client.query<{ exists: boolean }>("select to_regclass('public._prisma_migrations') is not null as exists");
  if (!table.rows[0]?.exists) return names.length === 0 ? [] : names;
  const rows = await client.query<MigrationRow>("select migration_name, finished_at, rolled_back_at from public._prisma_migrations");
  // A failed migration blocks everything: let the engine report it (P3009).
  if (rows.rows.some((row) => row.finished_at === null && row.rolled_back_at === null)) return null;
  const applied = new Set(rows.rows.filter((row) => row.rolled_back_at === null).map((row) => row.migration_name));
  return names.filter((name) => !applied.has(name));
}

/**
 * Applies the pending migrations of prisma/migrations to the database at `databaseUrl`, recording
 * them in `_prisma_migrations` exactly as `prisma migrate deploy` does; returns the names applied.
 * Cheap when nothing is pending (one connection, two queries, no engine), and safe to call from
 * several processes at once: they queue on a PostgreSQL advisory lock. `only` limits them to the
 * named ones (a restore first rebuilds the schema its backup was taken with).
 */
export async function applyMigrations(
  databaseUrl: string,
  log: Log = () => undefined,
  options: { only?: readonly string[] } = {},
): Promise<string[]> {
  const { migrationsDir } = migrationPaths();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const locked = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1, $2) as ok", LOCK_KEYS);
    if (!locked.rows[0]?.ok) {
      log("Waiting for another process to finish migrating the database...");
      await client.query("select pg_advisory_lock($1, $2)", LOCK_KEYS);
    }
    try {
      const migrations = await readMigrationsList(migrationsDir);
      const only = options.only && new Set(options.only);
      if (only) migrations.migrationDirectories = migrations.migrationDirectories.filter((directory) => only.has(directory.path));
      const names = migrations.migrationDirectories.map((directory) => directory.path);
      const pending = await pendingMigrations(client, names);
      if (pending !== null && pending.length === 0) return [];
      if (pending) log(`Applying ${pending.length} migration(s): ${pending.join(", ")}`);

      const session = await openSchemaEngine(databaseUrl, { log });
      try {
        const { appliedMigrationNames } = await session.engine.applyMigrations({ migrationsList: migrations, filters: NO_FILTER });
        for (const name of appliedMigrationNames) log(`Applied migration ${name}`);
        return appliedMigrationNames;
      } finally {
        // Closes the engine's pool, which releases the engine's own advisory lock, before ours.
        await session.close();
      }
    } finally {
      await client.query("select pg_advisory_unlock($1, $2)", LOCK_KEYS).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// create / check: both run against throw-away databases only.
// ---------------------------------------------------------------------------------------------

async function readSchema(schemaFile: string) {
  const content = await readFile(schemaFile, "utf8");
  return { path: path.relative(process.cwd(), schemaFile) || schemaFile, content };
}

/** Opens the engine on a temporary empty database of the server of `serverDatabaseUrl`, dropped afterwards. */
async function withScratchEngine<T>(
  serverDatabaseUrl: string,
  log: Log,
  schema: { path: string; content: string },
  work: (session: Awaited<ReturnType<typeof openSchemaEngine>>) => Promise<T>,
): Promise<T> {
  const scratch = await createTemporaryDatabase(serverDatabaseUrl, "prisma_scratch");
  try {
    const session = await openSchemaEngine(databaseUrlWith(serverDatabaseUrl, scratch), { log, schema });
    try {
      return await work(session);
    } finally {
      await session.close();
    }
  } finally {
    await dropDatabase(serverDatabaseUrl, scratch);
  }
}

export interface CreateMigrationResult {
  /** The new migration's directory name (`<timestamp>_<name>`), or null when there was nothing to do. */
  name: string | null;
  directory?: string;
  script?: string;
}

/**
 * Diffs prisma/schema.prisma against the migrations directory (replayed into a temporary shadow
 * database on the server of `serverDatabaseUrl`) and writes the difference as a new migration, like
 * `prisma migrate dev --create-only`. The database of `serverDatabaseUrl` itself is not touched.
 */
export async function createMigration(serverDatabaseUrl: string, name: string, log: Log = () => undefined): Promise<CreateMigrationResult> {
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Migration names may only contain letters, digits and "_" (got "${name}")`);
  const { migrationsDir, schemaFile } = migrationPaths();
  const schema = await readSchema(schemaFile);
  const migrations = await readMigrationsList(migrationsDir);
  return withScratchEngine(serverDatabaseUrl, log, schema, async ({ engine }) => {
    // createMigration can only take the schema the migrations produce from the engine's cache, which
    // devDiagnostic fills for the migrations applied to the main database (replaying them into a
    // shadow database, which also validates them). So apply them all to the scratch database first.
    await engine.applyMigrations({ migrationsList: migrations, filters: NO_FILTER });
    const diagnostic = await engine.devDiagnostic({ migrationsList: migrations, filters: NO_FILTER });
    if (diagnostic.action.tag === "reset") throw new Error(`Unexpected state of the scratch database: ${diagnostic.action.reason}`);
    const created = await engine.createMigration({
      draft: false,
      migrationName: name,
      migrationsList: migrations,
      schema: { files: [schema] },
      filters: NO_FILTER,
    });
    if (created.migrationScript === null) return { name: null };
    const directory = path.join(migrationsDir, created.generatedMigrationName);
    if (existsSync(directory)) throw new Error(`The migration directory already exists: ${directory}`);
    await mkdir(directory, { recursive: true });
    await writeFile(path.join(directory, `migration.${created.extension}`), created.migrationScript, "utf8");
    await writeFile(
      path.join(migrationsDir, LOCKFILE),
      `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${created.connectorType}"\n`,
      "utf8",
    );
    return { name: created.generatedMigrationName, directory, script: created.migrationScript };
  });
}

export interface CheckResult {
  inSync: boolean;
  /** What the migrations lack, as the SQL a new migration would contain (empty when in sync). */
  script: string;
  /** Human-readable summary of the same difference. */
  summary: string;
}

/**
 * Compares prisma/schema.prisma with the schema the migrations produce (replayed into a temporary
 * shadow database on the server of `serverDatabaseUrl`). Any difference, in either direction, means
 * they disagree. Fails if a migration does not apply cleanly.
 */
export async function checkMigrations(serverDatabaseUrl: string, log: Log = () => undefined): Promise<CheckResult> {
  const { migrationsDir, schemaFile } = migrationPaths();
  const schema = await readSchema(schemaFile);
  const migrations = await readMigrationsList(migrationsDir);
  return withScratchEngine(serverDatabaseUrl, log, schema, async ({ engine }) => {
    const from = { tag: "migrations" as const, ...migrations };
    const to = { tag: "schemaDatamodel" as const, files: [schema] };
    const summary = await engine.diff({ from, to, script: false, exitCode: true, filters: NO_FILTER });
    if (summary.exitCode === 0) return { inSync: true, script: "", summary: "" };
    const script = await engine.diff({ from, to, script: true, exitCode: true, filters: NO_FILTER });
    return { inSync: false, script: (script.stdout ?? "").trim(), summary: (summary.stdout ?? "").trim() };
  });
}
