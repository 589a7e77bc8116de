/**
 * Offline replacement for `prisma migrate`, driving Prisma's WASM schema engine (docs/database.md).
 *
 *   tsx scripts/db-migrate.ts apply            apply pending migrations   (npm run db:migrate)
 *   tsx scripts/db-migrate.ts create <name>    write a new migration      (npm run db:create-migration -- <name>)
 *   tsx scripts/db-migrate.ts check            schema.prisma vs migrations (npm run db:check)
 *
 * Uses DATABASE_URL, or else the embedded PostgreSQL under DATA_DIR. `create` and `check` only use
 * temporary databases on that server; they never modify the database DATABASE_URL names.
 */
import path from "node:path";
import { resolveDatabase } from "../src/server/platform/db/database-url";
import { applyMigrations, checkMigrations, createMigration, migrationPaths } from "../src/server/platform/db/migrations";

const USAGE = `Usage:
  npm run db:migrate                         apply pending migrations to DATABASE_URL
  npm run db:create-migration -- <name>      write prisma/migrations/<timestamp>_<name>/migration.sql
  npm run db:check                           fail when prisma/schema.prisma and the migrations disagree`;

const log = (message: string) => console.log(message);

async function run(command: string | undefined, args: string[]): Promise<number> {
  if (command !== "apply" && command !== "create" && command !== "check") {
    console.error(USAGE);
    return 2;
  }
  if (command === "create" && (args.length !== 1 || !args[0])) {
    console.error(`db:create-migration needs exactly one migration name.\n\n${USAGE}`);
    return 2;
  }

  const database = await resolveDatabase(log);
  try {
    const started = Date.now();
    const relative = (file: string) => path.relative(process.cwd(), file) || file;
    switch (command) {
      case "apply": {
        const applied = await applyMigrations(database.url, log);
        console.log(
          applied.length === 0 ? "No pending migrations." : `Applied ${applied.length} migration(s) in ${Date.now() - started} ms.`,
        );
        return 0;
      }
      case "create": {
        const created = await createMigration(database.url, args[0], log);
        if (created.name === null) {
          console.log("prisma/schema.prisma and the migrations already agree: no migration created.");
          return 0;
        }
        console.log(`Created ${relative(created.directory!)}/migration.sql\n`);
        console.log(created.script);
        console.log(`Review it, then apply it with: npm run db:migrate`);
        return 0;
      }
      case "check": {
        const result = await checkMigrations(database.url, log);
        if (result.inSync) {
          console.log(`prisma/schema.prisma and ${relative(migrationPaths().migrationsDir)} agree (${Date.now() - started} ms).`);
          return 0;
        }
        console.error(
          [
            "prisma/schema.prisma and the migrations in prisma/migrations DISAGREE.",
            "",
            "Going from the migrations to the schema would need:",
            result.summary,
            "",
            "As SQL:",
            result.script,
            "",
            "If schema.prisma is right, create a migration: npm run db:create-migration -- <name>",
            "If a migration is wrong (it creates or changes something schema.prisma does not have), fix that migration",
            "(only if it has not been applied anywhere yet) or add a migration that undoes it.",
          ].join("\n"),
        );
        return 1;
      }
    }
    return 2;
  } finally {
    if (database.owned) await database.stop();
  }
}

let exitCode = 1;
try {
  exitCode = await run(process.argv[2], process.argv.slice(3));
} catch (error) {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    `db-migrate ${process.argv[2] ?? ""} failed: ${typeof code === "string" && /^P\d{4}$/.test(code) ? `${code} ` : ""}${message}`,
  );
  if (process.env.PRISMA_MIGRATE_DEBUG === "1" && error instanceof Error && error.stack) console.error(error.stack);
}
// The engine can leave timers and pool handles behind: exit explicitly.
process.exit(exitCode);
