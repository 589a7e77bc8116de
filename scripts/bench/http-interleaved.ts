/**
 * A REST read against the no-work route with both measured in alternating slices, so that a machine
 * whose load changes from one ten-second scenario to the next weighs on both alike:
 * `node --import tsx scripts/bench/http-interleaved.ts [rounds] [seconds a slice]` starts the production
 * server (the existing `next build`) on the archive the last `npm run bench -- --only http` left in
 * .bench-data/, then runs `rounds` times GET /api/health, the list by source (page of 20), GET of one
 * email and the hold list, `seconds` each, at 100 connections, and prints each route's requests/s over
 * all its slices, its ratio to the health route's, and the CPU a request of the server and of
 * PostgreSQL (from /proc). docs/benchmarks.md, "REST reads".
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startEmbeddedPostgres } from "../../src/server/platform/db/embedded-postgres";
import { loadTest } from "./http-load";
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
  const totals = routes.map(() => ({ requests: 0, seconds: 0, server: 0, postgres: 0, failed: 0 }));
  for (const [, nextPath] of routes) await loadTest({ url: server.url, connections: 100, seconds: 1, token, nextPath }); // warm-up
  const loads: number[] = [];
  for (let round = 0; round < rounds; round++) {
    loads.push(os.loadavg()[0]);
    for (const [index, [, nextPath]] of routes.entries()) {
      const before = { server: cpuSecondsOfTree(server.pid), postgres: cpuSecondsOfTree(postmasterPid), at: performance.now() };
      const result = await loadTest({ url: server.url, connections: 100, seconds, token, nextPath });
      const total = totals[index];
      total.requests += result.requests;
      total.seconds += (performance.now() - before.at) / 1000;
      total.server += cpuSecondsOfTree(server.pid) - before.server;
      total.postgres += cpuSecondsOfTree(postmasterPid) - before.postgres;
      total.failed += result.non2xx + result.errors;
    }
  }
  const rate = (index: number) => totals[index].requests / totals[index].seconds;
  console.log(`${rounds} rounds of ${seconds} s a route, load average ${loads.map((load) => load.toFixed(1)).join(" ")}`);
  for (const [index, [name]] of routes.entries()) {
    const total = totals[index];
    console.log(
      `${name.padEnd(30)} ${rate(index).toFixed(0).padStart(5)} req/s  ${(rate(index) / rate(0)).toFixed(2)}x  CPU a request: server ${((total.server * 1000) / total.requests).toFixed(2)} ms, PostgreSQL ${((total.postgres * 1000) / total.requests).toFixed(2)} ms${total.failed ? `  ${total.failed} failed` : ""}`,
    );
  }
} finally {
  await server.stop();
  await database.stop();
}
