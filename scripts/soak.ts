/**
 * `npm run soak -- [--minutes N] [--emails N] [--connections N] [--port N] [--pg-port N] [--keep-data]`
 *
 * Load and soak test (docs/security.md): starts the production server (`scripts/start.ts`, a build
 * is made once if missing) on a fresh embedded PostgreSQL in a temporary DATA_DIR, bound to
 * 127.0.0.1 only; seeds synthetic mail through the import endpoint; then runs mixed read, write
 * and search traffic with autocannon for the given minutes while sampling the server's RSS.
 * Prints the error count (target 0), latency percentiles, RSS over time and its trend (least-squares
 * slope after the warm-up). Exits 1 when any request failed. The rate limits are raised via env.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { people, Random, syntheticMessage } from "./bench/synthetic-mail";

const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    emails: { type: "string", default: "3000" },
    connections: { type: "string", default: "10" },
    port: { type: "string", default: "3190" },
    "pg-port": { type: "string", default: "54390" },
    "sample-seconds": { type: "string", default: "5" },
    "keep-data": { type: "boolean", default: false },
  },
});
const MINUTES = Number(args.minutes);
const EMAILS = Number(args.emails);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const SAMPLE_MS = Number(args["sample-seconds"]) * 1000;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: "soak@example.com", password: `soak-${randomBytes(8).toString("hex")}` };
const USER_EMAIL = "soak-mailbox@example.com";
const IMPORT_BATCH = 250;
/** 0 turns a rate limit off: the soak measures the service, not the limiter. */
const UNLIMITED = "0";

const log = (message: string) => console.log(`[soak] ${message}`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startServer(dataDir: string): ChildProcess {
  // The server is this node process itself (no npx/tsx wrapper), so its pid is the one to sample.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      EMBEDDED_PG_PORT: args["pg-port"],
      AUTH_SECRET: randomBytes(32).toString("hex"),
      ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_SEARCH: UNLIMITED,
      RATE_LIMIT_BULK_APPLY: UNLIMITED,
      RATE_LIMIT_AUDIT_VERIFY: UNLIMITED,
      RATE_LIMIT_IMPORT: UNLIMITED,
    },
  });
  const serverLog: string[] = [];
  const keep = (chunk: Buffer) => {
    serverLog.push(chunk.toString());
    if (serverLog.length > 200) serverLog.shift();
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  child.on("exit", (code) => {
    if (!stopping) {
      console.error(serverLog.join(""));
      console.error(`[soak] the server exited early (code ${code})`);
      if (!args["keep-data"]) rmSync(dataDir, { recursive: true, force: true });
      process.exit(2);
    }
  });
  return child;
}

let stopping = false;

async function waitForHealth(deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await pause(500);
  }
  throw new Error("the server did not become healthy in time");
}

async function call<T = any>(
  token: string | null,
  method: string,
  pathname: string,
  body?: BodyInit,
  contentType = "application/json",
): Promise<T> {
  const response = await fetch(`${BASE}${pathname}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { "content-type": contentType } : {}) },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname} → ${response.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Synthetic mail with small attachments: the soak is about request handling, not disk volume. */
function mbox(from: number, count: number, random: Random, population: ReturnType<typeof people>): Buffer {
  const small = (r: Random, size: number) => ({
    filename: `note-${r.int(1000)}.txt`,
    contentType: "text/plain",
    bytes: Buffer.from("x".repeat(Math.min(size, 20_000))),
  });
  const parts: Buffer[] = [];
  for (let index = from; index < from + count; index++) {
    const message = syntheticMessage({ index, random, population, attachment: small, wellFormedOnly: true })
      .toString("latin1")
      .replace(/^(>*From )/gm, ">$1");
    parts.push(Buffer.from(`From synthetic-${index}@bench.example Mon Jan  1 00:00:00 2024\n${message}\n`, "latin1"));
  }
  return Buffer.concat(parts);
}

function rssMegabytes(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Least-squares slope of RSS (MB) over time (minutes). */
function slopePerMinute(samples: { minute: number; rssMb: number }[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const meanX = samples.reduce((sum, s) => sum + s.minute, 0) / n;
  const meanY = samples.reduce((sum, s) => sum + s.rssMb, 0) / n;
  const covariance = samples.reduce((sum, s) => sum + (s.minute - meanX) * (s.rssMb - meanY), 0);
  const variance = samples.reduce((sum, s) => sum + (s.minute - meanX) ** 2, 0);
  return variance === 0 ? 0 : covariance / variance;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "mail-archive-soak-"));
  // The embedded PostgreSQL may run as another user (when started as root): it must reach its directory.
  chmodSync(dataDir, 0o755);
  log(`DATA_DIR ${dataDir}; server on ${BASE} (loopback only); ${MINUTES} min of traffic, ${CONNECTIONS} connections`);
  const server = startServer(dataDir);
  const stop = async () => {
    stopping = true;
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    if (!args["keep-data"]) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(15 * 60_000);
    const { accessToken: token } = await call<{ accessToken: string }>(null, "POST", "/v1/auth/login", JSON.stringify(ADMIN));
    const source = await call<{ id: string }>(token, "POST", "/v1/ingestion-sources", JSON.stringify({ name: "Soak", provider: "upload" }));

    const seedStarted = Date.now();
    const random = new Random(7);
    const population = people(500, random);
    for (let from = 0; from < EMAILS; from += IMPORT_BATCH) {
      const body = mbox(from, Math.min(IMPORT_BATCH, EMAILS - from), random, population);
      await call(
        token,
        "POST",
        `/v1/ingestion-sources/${source.id}/import?userEmail=${USER_EMAIL}`,
        new Uint8Array(body),
        "application/mbox",
      );
    }
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    log(`seeded ${EMAILS} emails through the import endpoint in ${seedSeconds.toFixed(1)} s (${(EMAILS / seedSeconds).toFixed(0)}/s)`);

    const emailIds: string[] = [];
    for (let page = 1; emailIds.length < 500; page++) {
      const listed = await call<{ items: { id: string }[] }>(
        token,
        "GET",
        `/v1/archived-emails/ingestion-source/${source.id}?page=${page}&limit=100`,
      );
      if (listed.items.length === 0) break;
      emailIds.push(...listed.items.map((item) => item.id));
    }
    const L = "/api/v1/enterprise/retention-policy";
    const labels = [
      await call<{ id: string }>(token, "POST", `${L}/labels`, JSON.stringify({ name: "Soak short", retentionPeriodDays: 36500 })),
      await call<{ id: string }>(token, "POST", `${L}/labels`, JSON.stringify({ name: "Soak long", retentionPeriodDays: 73000 })),
    ];
    const words = [
      "contract",
      "invoice",
      "report",
      "budget",
      "meeting",
      "merger",
      "audit",
      "deadline",
      "release",
      "pricing",
      "Prüfung",
      "会議",
    ];

    const traffic = new Random(11);
    let imported = 0;
    const json = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const read = { authorization: `Bearer ${token}` };
    type SoakRequest = { method: string; path: string; headers: Record<string, string>; body?: string | Buffer };
    /** The mix, drawn per request by weight: 65% reads and searches, 35% writes. */
    const MIX: { kind: string; weight: number; build: (email: string) => SoakRequest }[] = [
      {
        kind: "search",
        weight: 0.3,
        build: () => ({ method: "GET", path: `/v1/search?query=${encodeURIComponent(traffic.pick(words))}&limit=20`, headers: read }),
      },
      {
        kind: "list",
        weight: 0.15,
        build: () => ({
          method: "GET",
          path: `/v1/archived-emails/ingestion-source/${source.id}?page=${1 + traffic.int(20)}&limit=20`,
          headers: read,
        }),
      },
      { kind: "get", weight: 0.15, build: (email) => ({ method: "GET", path: `/v1/archived-emails/${email}`, headers: read }) },
      {
        kind: "audit",
        weight: 0.05,
        build: () => ({ method: "GET", path: `/api/v1/enterprise/audit-logs?page=1&limit=20`, headers: read }),
      },
      {
        kind: "label",
        weight: 0.15,
        build: (email) => ({
          method: "POST",
          path: `${L}/email/${email}/label`,
          headers: json,
          body: JSON.stringify({ labelId: traffic.pick(labels).id }),
        }),
      },
      { kind: "unlabel", weight: 0.05, build: (email) => ({ method: "DELETE", path: `${L}/email/${email}/label`, headers: read }) },
      {
        kind: "import",
        weight: 0.15,
        build: () => ({
          method: "POST",
          path: `/v1/ingestion-sources/${source.id}/import?userEmail=${USER_EMAIL}`,
          headers: { authorization: `Bearer ${token}`, "content-type": "message/rfc822" },
          body: syntheticMessage({
            index: EMAILS + imported++,
            random: traffic,
            population,
            wellFormedOnly: true,
            attachment: () => ({ filename: "a.txt", contentType: "text/plain", bytes: Buffer.from("soak") }),
          }),
        }),
      },
    ];
    const nextRequest = (): SoakRequest => {
      let roll = traffic.next();
      const entry = MIX.find((candidate) => (roll -= candidate.weight) < 0) ?? MIX[MIX.length - 1];
      return entry.build(traffic.pick(emailIds));
    };

    /** autocannon reports latency for the whole mix; one probe per kind per sampling tick shows where it goes. */
    const probeLatencies = new Map<string, number[]>(MIX.map((entry) => [entry.kind, []]));
    let probeFailures = 0;
    let trafficRunning = true;
    const probing = (async () => {
      while (trafficRunning) {
        for (const entry of MIX) {
          const request = entry.build(traffic.pick(emailIds));
          const started = performance.now();
          const response = await fetch(`${BASE}${request.path}`, {
            method: request.method,
            headers: request.headers,
            body: typeof request.body === "string" || request.body === undefined ? request.body : new Uint8Array(request.body),
          });
          await response.arrayBuffer();
          probeLatencies.get(entry.kind)!.push(performance.now() - started);
          if (!response.ok) probeFailures++;
        }
        await pause(SAMPLE_MS);
      }
    })();

    const samples: { minute: number; rssMb: number }[] = [];
    const trafficStarted = Date.now();
    const sample = () => {
      const rssMb = rssMegabytes(server.pid!);
      if (rssMb !== null) samples.push({ minute: (Date.now() - trafficStarted) / 60_000, rssMb });
    };
    sample();
    const sampler = setInterval(sample, SAMPLE_MS);
    const result = await autocannon({
      url: BASE,
      connections: CONNECTIONS,
      duration: Math.max(1, Math.round(MINUTES * 60)),
      requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, ...nextRequest() }) }],
    });
    clearInterval(sampler);
    sample();
    trafficRunning = false;
    await probing;

    const failures = result.errors + result.timeouts + result.non2xx + probeFailures;
    const percentile = (values: number[], p: number) =>
      [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;
    const warmUpMinutes = Math.min(1, MINUTES / 4);
    const steady = samples.filter((s) => s.minute >= warmUpMinutes);
    const slope = slopePerMinute(steady);
    const halfMinutes = (s: { minute: number }) => Math.floor(s.minute * 2);
    const printed = samples.filter(
      (s, index) => index === 0 || index === samples.length - 1 || halfMinutes(s) !== halfMinutes(samples[index - 1]),
    );
    console.log("\n=== soak result ===");
    console.log(
      `requests: ${result.requests.total} in ${result.duration} s (${result.requests.average.toFixed(1)} req/s average), with ${imported} imports (mix and probes)`,
    );
    console.log(
      `errors: ${failures} (non-2xx ${result.non2xx}, socket errors ${result.errors}, timeouts ${result.timeouts}, failed probes ${probeFailures})`,
    );
    console.log(`latency ms: p50 ${result.latency.p50}, p90 ${result.latency.p90}, p99 ${result.latency.p99}, max ${result.latency.max}`);
    console.log("probe latency ms per kind under load (median / max):");
    for (const [kind, values] of probeLatencies) {
      console.log(
        `  ${kind.padEnd(8)} ${percentile(values, 0.5).toFixed(0)} / ${Math.max(...values).toFixed(0)}  (${values.length} probes)`,
      );
    }
    console.log(`server RSS over time (sampled every ${SAMPLE_MS / 1000} s, ${samples.length} samples; one per half minute shown):`);
    for (const s of printed) console.log(`  t=${s.minute.toFixed(2)} min  ${s.rssMb.toFixed(1)} MB`);
    console.log(
      `RSS: first ${samples[0]?.rssMb.toFixed(1)} MB, max ${Math.max(...samples.map((s) => s.rssMb)).toFixed(1)} MB, last ${samples.at(-1)?.rssMb.toFixed(1)} MB; ` +
        `trend after ${warmUpMinutes.toFixed(2)} min warm-up: ${slope >= 0 ? "+" : ""}${slope.toFixed(2)} MB/min`,
    );
    // The heap grows and collects in a saw-tooth of several minutes, which tilts a short regression;
    // the floor (lowest RSS) of the first and the last third after warm-up is the steadier signal.
    const span = (samples.at(-1)?.minute ?? 0) - warmUpMinutes;
    const floorBetween = (from: number, to: number) =>
      Math.min(...steady.filter((s) => s.minute >= from && s.minute <= to).map((s) => s.rssMb));
    const firstFloor = floorBetween(warmUpMinutes, warmUpMinutes + span / 3);
    const lastFloor = floorBetween(warmUpMinutes + (2 * span) / 3, Infinity);
    console.log(
      `RSS floor: first third ${firstFloor.toFixed(1)} MB, last third ${lastFloor.toFixed(1)} MB (${lastFloor - firstFloor >= 0 ? "+" : ""}${(lastFloor - firstFloor).toFixed(1)} MB)`,
    );
    console.log(
      JSON.stringify({
        minutes: MINUTES,
        seededEmails: EMAILS,
        seedSeconds,
        requests: result.requests.total,
        errors: failures,
        p99Ms: result.latency.p99,
        rssSlopeMbPerMin: Number(slope.toFixed(3)),
        rssSamples: samples.map((s) => [Number(s.minute.toFixed(2)), Number(s.rssMb.toFixed(1))]),
      }),
    );
    process.exitCode = failures === 0 ? 0 : 1;
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
