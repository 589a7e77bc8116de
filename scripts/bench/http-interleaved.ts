/**
 * A REST read against the no-work route with both measured in alternating slices, so that a machine
 * whose load changes from one ten-second scenario to the next weighs on both alike:
 * `node --import tsx scripts/bench/http-interleaved.ts [rounds] [seconds a slice]` starts the production
 * server (the existing `next build`) on the archive the last `npm run bench -- --only http` left in
 * .bench-data/, then runs `rounds` times GET /api/health, the list by source (page of 20), GET of one
 * email and the hold list, `seconds` each, at 100 connections, and prints each route's requests/s over
 * all its slices, its ratio to the health route's, and the CPU a request of the server and of
 * PostgreSQL (from /proc) and of this process, the load generator, which shares the cores. docs/benchmarks.md, "REST reads".
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startEmbeddedPostgres } from "../../src/server/platform/db/embedded-postgres";
import { processCpuMs } from "./cpu";
import { alternatedLoads, msPerRequest } from "./http-load";
import { cpuSecondsOfTree } from "./measured-process";
import { startServer } from "./server";

const [rounds = 6, seconds = 3] = process.argv.slice(2).map(Number);
const projectDir = fileURLToPath(new URL("../..", import.meta.url));
const benchDir = path.join(projectDir, ".bench-data");
const database = await startEmbeddedPostgres({ dataDir: benchDir, port: Number(process.env.BENCH_PG_PORT ?? 54363), database: "bench" });
const postmasterPid = Number(readFileSync(path.join(benchDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
const client = new pg.Client({ connectionString: database.url });
await client.connect();
const sourceId = String((await client.query("SELECT id FROM ingestion_sources WHERE name = 'Bench synthetic'")).rows[0].id);
const emailIds = (
  await client.query<{ id: string }>(
    "SELECT id FROM archived_emails WHERE ingestion_source_id = $1 AND sent_at >= '2002-01-01' LIMIT 20000",
    [sourceId],
  )
).rows.map((row) => row.id);
await client.end();

const env = {
  ...process.env,
  DATABASE_URL: database.url,
  DATA_DIR: path.join(benchDir, "app"),
  WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "auto",
};
const server = await startServer({ cwd: projectDir, env, port: Number(process.env.BENCH_HTTP_PORT ?? 3463), log: console.error });
try {
  const login = await fetch(`${server.url}/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench-admin@bench.example", password: "bench admin password 1" }),
  });
  const { accessToken: token } = (await login.json()) as { accessToken: string };
  const routes: [string, () => string][] = [
    ["GET /api/health", () => "/api/health"],
    ["list by source (page of 20)", () => `/v1/archived-emails/ingestion-source/${sourceId}?page=1&limit=20`],
    ["GET /v1/archived-emails/{id}", () => `/v1/archived-emails/${emailIds[Math.floor(Math.random() * emailIds.length)]}`],
    ["hold list", () => "/api/v1/enterprise/legal-holds/holds"],
  ];
  const steps = routes.map(([, nextPath]) => ({ connections: 100, nextPath }));
  const loadBefore = os.loadavg()[0];
  const results = await alternatedLoads({
    url: server.url,
    token,
    steps,
    rounds,
    sliceSeconds: seconds,
    measure: () => ({
      server: cpuSecondsOfTree(server.pid),
      postgres: cpuSecondsOfTree(postmasterPid),
      // This process: the load generator (autocannon) shares the cores with the server.
      loadGenerator: processCpuMs() / 1000,
    }),
  });
  console.log(
    `${rounds} rounds of ${seconds} s a route, load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after`,
  );
  for (const [index, [name]] of routes.entries()) {
    const { perSecond, requests, measured, non2xx, errors } = results[index];
    const perRequest = (cpuSeconds: number) => msPerRequest(cpuSeconds, requests).toFixed(2);
    console.log(
      `${name.padEnd(30)} ${perSecond.toFixed(0).padStart(5)} req/s  ${(perSecond / results[0].perSecond).toFixed(2)}x  CPU a request: server ${perRequest(measured.server)} ms, PostgreSQL ${perRequest(measured.postgres)} ms, load generator ${perRequest(measured.loadGenerator)} ms${non2xx + errors ? `  ${non2xx + errors} failed` : ""}`,
    );
  }
} finally {
  await server.stop();
  await database.stop();
}
