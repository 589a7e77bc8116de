/**
 * The REST reads in-process, without Next's HTTP layer: `node --import tsx scripts/bench/rest-in-process.ts
 * [seconds] [callers] [route name filter]` calls the route handlers of GET /api/health, the list by source (page of 20) and GET
 * of one email directly, `callers` at a time, on the archive the last `npm run bench -- --only http` left in
 * .bench-data/ (started on BENCH_PG_PORT), and prints per route the requests/s and the CPU a request of
 * this process and of PostgreSQL (all its processes, from /proc). What a route costs here beyond the
 * health route is its own work; Next's routing and streams come on top over HTTP (docs/benchmarks.md,
 * "REST reads"). BENCH_CPU_PROF works as for the other scenarios (node --cpu-prof).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startEmbeddedPostgres } from "../../src/server/platform/db/embedded-postgres";
import { cpuSecondsOfTree } from "./measured-process";

const [seconds = 5, callers = 50] = process.argv.slice(2, 4).map(Number);
const routeFilter = process.argv[4] ?? "";
const projectDir = fileURLToPath(new URL("../..", import.meta.url));
const benchDir = path.join(projectDir, ".bench-data");

const database = await startEmbeddedPostgres({ dataDir: benchDir, port: Number(process.env.BENCH_PG_PORT ?? 54363), database: "bench" });
Object.assign(process.env, { DATABASE_URL: database.url, DATA_DIR: path.join(benchDir, "app"), DATABASE_POOL_SIZE: "20" });
const postmasterPid = Number(readFileSync(path.join(benchDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);

const client = new pg.Client({ connectionString: database.url });
await client.connect();

const one = async (sql: string) => String(Object.values((await client.query(sql)).rows[0])[0]);
const sourceId = await one("SELECT id FROM ingestion_sources WHERE name = 'Bench synthetic'");
const adminId = await one("SELECT id FROM users WHERE email = 'bench-admin@bench.example'");
const sessionVersion = Number(await one(`SELECT session_version FROM users WHERE id = '${adminId}'`));
const emailIds = (
  await client.query<{ id: string }>("SELECT id FROM archived_emails WHERE ingestion_source_id = $1 LIMIT 20000", [sourceId])
).rows.map((row) => row.id);

const { issueAccessToken } = await import("../../src/server/identity/auth/access-tokens");
const health = await import("../../src/app/api/health/route");
const list = await import("../../src/app/v1/archived-emails/ingestion-source/[ingestionSourceId]/route");
const email = await import("../../src/app/v1/archived-emails/[id]/route");
const { accessToken } = await issueAccessToken({ userId: adminId, sessionVersion });
const headers = { authorization: `Bearer ${accessToken}` };

type Call = () => Promise<Response>;
const allRoutes: [string, Call][] = [
  ["GET /api/health", () => health.GET(new Request("http://bench/api/health"), { params: Promise.resolve({}) })],
  [
    "GET list by source (page of 20)",
    () =>
      list.GET(new Request(`http://bench/v1/archived-emails/ingestion-source/${sourceId}?page=1&limit=20`, { headers }), {
        params: Promise.resolve({ ingestionSourceId: sourceId }),
      }),
  ],
  [
    "GET /v1/archived-emails/{id}",
    () => {
      const id = emailIds[Math.floor(Math.random() * emailIds.length)];
      return email.GET(new Request(`http://bench/v1/archived-emails/${id}`, { headers }), { params: Promise.resolve({ id }) });
    },
  ],
];
const routes = allRoutes.filter(([name]) => name.includes(routeFilter));

async function load(call: Call, forSeconds: number) {
  let requests = 0;
  let bytes = 0;
  const until = performance.now() + forSeconds * 1000;
  const started = { node: process.cpuUsage(), postgres: cpuSecondsOfTree(postmasterPid), at: performance.now() };
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < until) {
        const response = await call();
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${response.status}: ${body.slice(0, 300)}`);
        bytes += body.length;
        requests++;
      }
    }),
  );
  const elapsed = (performance.now() - started.at) / 1000;
  const node = process.cpuUsage(started.node);
  const postgresSeconds = cpuSecondsOfTree(postmasterPid) - started.postgres;
  return {
    requests,
    perSecond: requests / elapsed,
    nodeMs: (node.user + node.system) / 1000 / requests,
    postgresMs: (postgresSeconds * 1000) / requests,
    bytes: bytes / requests,
  };
}

for (const [, call] of routes) await load(call, 1); // warm-up: connections, prepared statements, JIT
for (const [name, call] of routes) {
  const result = await load(call, seconds);
  console.log(
    `${name.padEnd(32)} ${result.perSecond.toFixed(0).padStart(6)} req/s  Node ${result.nodeMs.toFixed(3)} ms  PostgreSQL ${result.postgresMs.toFixed(3)} ms a request (${result.bytes.toFixed(0)} chars)`,
  );
}
await client.end();
const { disconnectDb } = await import("../../src/server/platform/db/client");
const { disconnectPgPool } = await import("../../src/server/platform/db/pg-pool");
await disconnectDb();
await disconnectPgPool();
await database.stop();
