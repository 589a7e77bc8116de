/**
 * `npm start`: one command from a fresh clone to a running service.
 * Resolves the database (embedded PostgreSQL under DATA_DIR unless DATABASE_URL is set), applies
 * pending migrations, builds the app once if no build exists, and serves it on PORT.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { config, dataDir } from "../src/server/config/env";
import { resolveDatabase } from "../src/server/db/database-url";
import { applyMigrations } from "../src/server/db/migrations";
import { prepareDatabase, signInHint } from "../src/server/system/prepare-database";
import { CLIENT_IP_HEADER } from "../src/server/http/client-ip";
import { assertProductionSecrets } from "../src/server/config/production-guard";

const dev = process.argv.includes("--dev");
const projectDir = fileURLToPath(new URL("..", import.meta.url));
const log = (message: string) => console.log(`[start] ${message}`);

async function main() {
  assertProductionSecrets();
  // next-auth builds its callback and sign-out URLs from it (the UI's sessions, docs/security.md).
  process.env.NEXTAUTH_URL ??= `http://localhost:${config.port}`;
  const database = await resolveDatabase(log);
  log(
    database.owned
      ? `Embedded PostgreSQL started; data lives in ${dataDir()}`
      : process.env.DATA_DIR || !database.url.includes("127.0.0.1")
        ? `Using the database at ${redact(database.url)}`
        : `Attached to the embedded PostgreSQL already running for ${dataDir()}`,
  );
  const applied = await applyMigrations(database.url, log);
  if (applied.length > 0) log(`Applied migrations: ${applied.join(", ")}`);
  await prepareDatabase();

  if (!dev && !existsSync(path.join(projectDir, ".next", "BUILD_ID"))) {
    log("No production build found: running `next build` once (later starts reuse it)...");
    const build = spawnSync("npx", ["next", "build"], { cwd: projectDir, stdio: "inherit", env: process.env });
    if (build.status !== 0) throw new Error("next build failed");
  }

  const app = next({ dev, dir: projectDir, hostname: "127.0.0.1", port: config.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer((request, response) => {
    // Only the socket's address is trusted (TRUST_PROXY=true reads X-Forwarded-For instead).
    request.headers[CLIENT_IP_HEADER] = request.socket.remoteAddress ?? "unknown";
    void handle(request, response);
  });
  server.listen(config.port, process.env.HOST ?? "0.0.0.0", async () => {
    log(`Serving on http://localhost:${config.port}`);
    log(await signInHint(config.port));
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    server.close();
    await app.close().catch(() => undefined);
    await database.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, "//$1:***@");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
