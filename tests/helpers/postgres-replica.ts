import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chown, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./free-port";

/**
 * Debian's PostgreSQL 15 as a primary and a streaming replica of it (pg_basebackup -R), each on a
 * free loopback port, in a temporary directory: the replica tests' servers (docs/database.md,
 * "Read replicas"). Started per test file; costs about 2.5 s on the 2-core VM (initdb, start,
 * base backup, start, catch-up; measured in tests/helpers/postgres-replica.int.test.ts).
 */
export interface PrimaryAndReplica {
  /** postgresql://archive@127.0.0.1:<port>/<database> on the primary. */
  primaryUrl(database?: string): string;
  replicaUrl(database?: string): string;
  /** Stops applying WAL on the replica (it still receives it): what it answers falls behind. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Until the replica has replayed everything the primary has written so far. */
  waitForReplay(): Promise<void>;
  stop(): Promise<void>;
}

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const HOST = "127.0.0.1";
const USER = "archive";

interface RunAs {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: under root the servers run as `postgres` (Debian's package user), else `nobody`. */
function runAs(): RunAs {
  if (process.getuid?.() !== 0) return { uid: userInfo().uid, gid: userInfo().gid };
  const user = hasUser("postgres") ? "postgres" : "nobody";
  const id = (flag: string) => Number(execFileSync("id", [flag, user], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

function hasUser(name: string): boolean {
  try {
    execFileSync("id", [name], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

async function chownTree(target: string, account: RunAs): Promise<void> {
  await chown(target, account.uid, account.gid);
  for (const entry of await readdir(target, { withFileTypes: true })) {
    const child = path.join(target, entry.name);
    if (entry.isDirectory()) await chownTree(child, account);
    else await chown(child, account.uid, account.gid);
  }
}

async function run(account: RunAs, command: string, args: string[]): Promise<void> {
  const result = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(path.join(PG_BIN, command), args, { uid: account.uid, gid: account.gid, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
  if (result.code !== 0) throw new Error(`${command} failed (${result.code}): ${result.output}`);
}

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
}

/** Runs `postgres` in the foreground on `dataDir`; test-only settings: no fsync, small memory. */
function startServer(account: RunAs, dataDir: string, port: number, socketDir: string): Server {
  const settings = {
    listen_addresses: HOST,
    port: String(port),
    unix_socket_directories: socketDir,
    fsync: "off",
    full_page_writes: "off",
    shared_buffers: "32MB",
    // The scale-out spec's seven processes each keep a pool of up to DATABASE_POOL_SIZE (20) connections.
    max_connections: "200",
    // The replica reports its replay position often, so a paused or lagging replay shows at once.
    wal_receiver_status_interval: "1s",
    hot_standby_feedback: "on",
  };
  const args = ["-D", dataDir, ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`])];
  const child = spawn(path.join(PG_BIN, "postgres"), args, { uid: account.uid, gid: account.gid, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  return { child, port, output: () => output };
}

async function waitFor<T>(what: string, server: Server, probe: () => Promise<T | null>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    if (server.child.exitCode !== null)
      throw new Error(`PostgreSQL on port ${server.port} exited while waiting for ${what}:\n${server.output()}`);
    try {
      const value = await probe();
      if (value !== null) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${String(lastError)}\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function queryOnce<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.child.once("exit", () => resolve()));
  // SIGINT is PostgreSQL's fast shutdown: sessions ended, no wait for clients.
  server.child.kill("SIGINT");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the primary (with `database` created on it, and so on the replica) and its streaming
 * replica; resolves once the replica is in recovery and streaming.
 */
export async function startPrimaryAndReplica(options: { database?: string } = {}): Promise<PrimaryAndReplica> {
  const initdb = path.join(PG_BIN, "initdb");
  if (!existsSync(initdb)) throw new Error(`PostgreSQL 15 is not installed at ${PG_BIN} (apt-get install postgresql-15, or set PG_BIN)`);
  const database = options.database ?? "archive";
  const account = runAs();
  const dir = await mkdtemp(path.join(tmpdir(), "archive-pg-replica-"));
  if (account.uid !== process.getuid?.()) await chownTree(dir, account);
  const primaryDir = path.join(dir, "primary");
  const replicaDir = path.join(dir, "replica");
  const servers: Server[] = [];
  const killOnExit = () => servers.forEach((server) => server.child.kill("SIGKILL"));
  process.once("exit", killOnExit);
  const stop = async () => {
    await Promise.all(servers.map(stopServer));
    process.removeListener("exit", killOnExit);
    await rm(dir, { recursive: true, force: true });
  };
  const url = (port: number, name = database) => `postgresql://${USER}@${HOST}:${port}/${name}`;
  try {
    // Trust on loopback only (initdb's pg_hba.conf also allows replication connections from there).
    await run(account, "initdb", ["-D", primaryDir, "-U", USER, "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync"]);
    const primary = startServer(account, primaryDir, await freePort(), dir);
    servers.push(primary);
    await waitFor("the primary to accept connections", primary, async () => queryOnce(url(primary.port, "postgres"), "select 1"));
    await queryOnce(url(primary.port, "postgres"), `create database "${database}"`);

    await run(
      account,
      "pg_basebackup",
      ["-h", HOST, "-p", String(primary.port), "-U", USER].concat([
        "-D",
        replicaDir,
        "-R",
        "-X",
        "stream",
        "--checkpoint=fast",
        "--no-sync",
      ]),
    );
    const replica = startServer(account, replicaDir, await freePort(), dir);
    servers.push(replica);
    await waitFor("the replica to stream from the primary", replica, async () => {
      const [row] = await queryOnce<{ recovery: boolean; status: string | null }>(
        url(replica.port, "postgres"),
        "select pg_is_in_recovery() as recovery, (select status from pg_stat_wal_receiver) as status",
      );
      return row.recovery && row.status === "streaming" ? true : null;
    });

    const onReplica = (text: string) => queryOnce(url(replica.port, "postgres"), text);
    return {
      primaryUrl: (name) => url(primary.port, name),
      replicaUrl: (name) => url(replica.port, name),
      pauseReplay: async () => void (await onReplica("select pg_wal_replay_pause()")),
      resumeReplay: async () => void (await onReplica("select pg_wal_replay_resume()")),
      waitForReplay: async () => {
        const [{ lsn }] = await queryOnce<{ lsn: string }>(url(primary.port, "postgres"), "select pg_current_wal_lsn()::text as lsn");
        await waitFor("the replica to replay the primary's WAL", replica, async () => {
          const [row] = await onReplica(`select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as caught_up`);
          return (row as { caught_up: boolean }).caught_up ? true : null;
        });
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
