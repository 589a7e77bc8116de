import { readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { alternatedLoads, msPerRequest, type LoadResult, type LoadStep } from "./http-load";
import { cpuSecondsOfTree } from "./measured-process";
import { formatRate, formatRatio, type ResultRow } from "./report";
import { startServer } from "./server";

/** A load run with the CPU per request of the server (primary and workers) and of PostgreSQL (all its processes), from /proc. */
type MeasuredLoad = LoadResult & { serverCpuMs: number; postgresCpuMs: number };

const cpuText = (result: MeasuredLoad) =>
  `CPU a request: server ${result.serverCpuMs.toFixed(2)} ms, PostgreSQL ${result.postgresCpuMs.toFixed(2)} ms`;

/** The postmaster's pid, from the data directory of the server `client` is connected to (the bench's own, local). */
async function postmasterPid(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ dir: string }>("SELECT current_setting('data_directory') AS dir");
  return Number(readFileSync(path.join(rows[0].dir, "postmaster.pid"), "utf8").split("\n")[0]);
}

const cycle = <T>(items: T[]) => {
  let next = 0;
  return () => items[next++ % items.length];
};

/**
 * Audited writes (hold apply, 50 connections) and REST reads (100 connections) against the
 * production server, each next to GET /api/health at the same connection count (the server's
 * ceiling for a request that does no work), measured in alternation with it (alternatedLoads).
 * Email ids are SQL-loaded rows that are neither lifecycle-eligible nor bulk-held. The write step's
 * audit entries may exceed its counted requests: requests still in flight when a slice ends are
 * answered and audited, but not counted.
 */
export async function runHttpScenarios(options: {
  projectDir: string;
  env: NodeJS.ProcessEnv;
  client: pg.Client;
  sourceId: string;
  admin: { email: string; password: string };
  seconds: number;
  log: (text: string) => void;
}): Promise<ResultRow[]> {
  const port = Number(process.env.BENCH_HTTP_PORT ?? 3463);
  // One worker process per core unless the caller says otherwise (docs/configuration.md).
  const env = { ...options.env, WEB_CONCURRENCY: options.env.WEB_CONCURRENCY ?? "auto" };
  const server = await startServer({ cwd: options.projectDir, env, port, log: options.log });
  try {
    const post = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const { accessToken: token } = await post("/v1/auth/login", options.admin);
    // Named by the time: `--reuse` runs again on a database that has the previous run's hold.
    const hold = await post("/api/v1/enterprise/legal-holds/holds", { name: `Bench concurrent writes ${new Date().toISOString()}` }, token);
    const { rows } = await options.client.query<{ id: string }>(
      `SELECT id FROM archived_emails WHERE ingestion_source_id = $1 AND sent_at >= '2002-01-01' AND subject NOT LIKE '%matterx%' LIMIT 300000`,
      [options.sourceId],
    );
    const emailIds = rows.map((row) => row.id);
    const auditEntries = async () => Number((await options.client.query("SELECT count(*) FROM audit_logs")).rows[0].count);
    let entriesBefore = 0;
    const postgresPid = await postmasterPid(options.client);
    const readCpu = () => ({ server: cpuSecondsOfTree(server.pid), postgres: cpuSecondsOfTree(postgresPid) });
    // Each route alternates with its baseline in slices of about five seconds (alternatedLoads), `seconds` in all.
    const rounds = Math.max(1, Math.floor(options.seconds / 5));
    const measureAlternately = async (names: string[], steps: LoadStep[], afterWarmUp?: () => Promise<void>): Promise<MeasuredLoad[]> => {
      options.log(`HTTP: ${names.join(", ")}, alternately, ${rounds} rounds of ${(options.seconds / rounds).toFixed(1)} s each`);
      const results = await alternatedLoads({
        url: server.url,
        token,
        steps,
        rounds,
        sliceSeconds: options.seconds / rounds,
        measure: readCpu,
        afterWarmUp,
      });
      return results.map(({ measured, ...result }, index) => {
        const load = {
          ...result,
          serverCpuMs: msPerRequest(measured.server, result.requests),
          postgresCpuMs: msPerRequest(measured.postgres, result.requests),
        };
        options.log(`  ${names[index]}: ${formatRate(result.perSecond, "req")}; ${cpuText(load)}`);
        return load;
      });
    };

    const nextEmail = cycle(emailIds);
    const [health50, writes] = await measureAlternately(
      ["health baseline (50 connections)", "audited writes (hold apply, 50 connections)"],
      [
        { connections: 50, nextPath: () => "/api/health" },
        {
          connections: 50,
          nextPath: () => `/api/v1/enterprise/legal-holds/email/${nextEmail()}/holds`,
          method: "POST",
          body: () => JSON.stringify({ holdId: hold.id }),
        },
      ],
      async () => {
        entriesBefore = await auditEntries();
      },
    );
    const entriesWritten = (await auditEntries()) - entriesBefore;
    const randomEmail = () => emailIds[Math.floor(Math.random() * emailIds.length)];
    const [health100, getOne, list, holds] = await measureAlternately(
      ["health baseline (100 connections)", "GET one email", "list by source", "hold list"],
      [
        { connections: 100, nextPath: () => "/api/health" },
        { connections: 100, nextPath: () => `/v1/archived-emails/${randomEmail()}` },
        { connections: 100, nextPath: () => `/v1/archived-emails/ingestion-source/${options.sourceId}?page=1&limit=20` },
        { connections: 100, nextPath: () => "/api/v1/enterprise/legal-holds/holds" },
      ],
    );
    const serverRss = server.peakRssMb();

    const row = (
      scenario: string,
      work: string,
      result: MeasuredLoad,
      baseline: MeasuredLoad,
      target: string,
      pass: boolean,
    ): ResultRow => ({
      scenario,
      work: `${work}; ${result.requests.toLocaleString("en-US")} requests${result.non2xx + result.errors > 0 ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ""}; ${cpuText(result)} (health: ${baseline.serverCpuMs.toFixed(2)} + ${baseline.postgresCpuMs.toFixed(2)} ms)`,
      throughput: formatRate(result.perSecond, "req"),
      ...result.latency,
      peakRss: `server ${serverRss.map((mb) => mb.toFixed(0)).join(" + ")} MB (primary + workers, all HTTP)`,
      baseline: `GET /api/health ${formatRate(baseline.perSecond, "req")}`,
      ratio: formatRatio(result.perSecond / baseline.perSecond),
      target,
      pass: pass && result.non2xx === 0 && result.errors === 0,
    });
    const readTarget = (result: LoadResult) => result.latency.p99 < 50 && result.perSecond >= 2000;
    return [
      row(
        "audited writes (POST hold link)",
        `50 connections, ${options.seconds} s, ${entriesWritten.toLocaleString("en-US")} audit entries`,
        writes,
        health50,
        ">= 2,000/s, unbroken chain (see audit verify)",
        writes.perSecond >= 2000,
      ),
      row(
        "REST GET /v1/archived-emails/{id}",
        `100 connections, ${options.seconds} s`,
        getOne,
        health100,
        "p99 < 50 ms, >= 2,000 req/s",
        readTarget(getOne),
      ),
      row(
        "REST list by source (page of 20)",
        `100 connections, ${options.seconds} s`,
        list,
        health100,
        "p99 < 50 ms, >= 2,000 req/s",
        readTarget(list),
      ),
      row("REST hold list", `100 connections, ${options.seconds} s`, holds, health100, "p99 < 50 ms, >= 2,000 req/s", readTarget(holds)),
    ];
  } finally {
    await server.stop();
  }
}
