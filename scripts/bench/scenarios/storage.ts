/**
 * Storage (issue 38; docs/benchmarks.md "Storage"): the storage corpus (storage-corpus.ts) imported
 * by the real CLI into fresh installations with sealing on (STORAGE_ENCRYPTION and
 * STORAGE_COMPRESSION, the defaults: brotli, AES-256-GCM, single-instance attachments) and off (as
 * before issue 38), alternately, two of each, in the same run: bytes on disk against the input,
 * ingest rate, `/raw` download latency through the real route handler, and the CLI's backup and
 * restore of the sealed store against `cp -r` of that store.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { lastJsonLine, runMeasured } from "../measured-process";
import { formatRate, formatRatio, type ResultRow } from "../report";
import { STORAGE_CORPUS_VERSION, writeStorageCorpusMbox, type StorageCorpusStats } from "../storage-corpus";
import { summarizeLatencies, type LatencySummary } from "../stats";

interface Installation {
  sealed: boolean;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  importSeconds: number;
  /** The import process's CPU (user + system) seconds, start-up included. */
  importCpuSeconds: number;
  blobBytes: number;
  blobs: number;
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

/** Sum of the stored blob files' sizes and their count. */
function blobFiles(storageDir: string): { bytes: number; files: number } {
  const root = path.join(storageDir, "sha256");
  if (!existsSync(root)) return { bytes: 0, files: 0 };
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
    files++;
  }
  return { bytes, files };
}

export async function storageScenario(options: {
  archive: { args: string[]; env: Record<string, string> };
  env: NodeJS.ProcessEnv;
  projectDir: string;
  benchDir: string;
  /** The bench's PostgreSQL server (a database URL of it): the installations get databases of their own there. */
  databaseUrl: string;
  messages: number;
  seed: number;
  /** Runs `scripts/bench/scenario.ts storage-raw` with `env` (the child measures one installation). */
  runRawScenario: (env: NodeJS.ProcessEnv) => Promise<{ result: RawDownloadResult; peakRssMb: number }>;
  log: (text: string) => void;
}): Promise<{ rows: ResultRow[]; notes: string[] }> {
  const { benchDir, log } = options;
  const mbox = path.join(benchDir, `storage-corpus-v${STORAGE_CORPUS_VERSION}-seed${options.seed}-${options.messages}.mbox`);
  const statsFile = `${mbox}.json`;
  let stats: StorageCorpusStats;
  if (!existsSync(mbox) || !existsSync(statsFile)) {
    log(`storage: writing the storage corpus (${options.messages} messages)`);
    stats = await writeStorageCorpusMbox({ out: `${mbox}.partial`, seed: options.seed, messages: options.messages });
    (await import("node:fs")).writeFileSync(statsFile, JSON.stringify(stats));
    renameSync(`${mbox}.partial`, mbox);
  } else {
    stats = JSON.parse((await import("node:fs")).readFileSync(statsFile, "utf8"));
  }
  const inputBytes = statSync(mbox).size;
  const serverUrl = options.databaseUrl.replace(/\/[^/]+$/, "");
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  const created: string[] = [];
  const freshInstallation = async (name: string, extra: Record<string, string>) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    created.push(name);
    const dataDir = path.join(benchDir, name);
    rmSync(dataDir, { recursive: true, force: true });
    return { dataDir, env: { ...options.env, ...options.archive.env, DATABASE_URL: `${serverUrl}/${name}`, DATA_DIR: dataDir, ...extra } };
  };
  const cli = (args: string[], env: NodeJS.ProcessEnv) =>
    runMeasured(process.execPath, [...options.archive.args, ...args, "--no-progress"], { cwd: options.projectDir, env });

  try {
    // Off, on, on, off, off, on: each mode early, in the middle and late in the run (the machine's
    // load drifts), three times: a 2,000-message import takes seconds, and one run in three is
    // slowed by the disk (blob files are created waiting for the journal's fsyncs).
    const installations: Installation[] = [];
    const order = [false, true, true, false, false, true];
    for (const [round, sealed] of order.entries()) {
      const flag = String(sealed);
      const { dataDir, env } = await freshInstallation(`bench_storage_${round}`, { STORAGE_ENCRYPTION: flag, STORAGE_COMPRESSION: flag });
      log(`storage: import with sealing ${sealed ? "on" : "off"} (round ${round + 1} of ${order.length})`);
      const run = await cli(["import", "--source", "Storage", "--create", "--user", "storage@bench.example", mbox], env);
      const done = /done in ([\d.]+) s/.exec(run.stderr);
      const files = blobFiles(path.join(dataDir, "storage"));
      installations.push({
        sealed,
        env,
        dataDir,
        importSeconds: done ? Number(done[1]) : run.seconds,
        importCpuSeconds: run.cpuSeconds,
        blobBytes: files.bytes,
        blobs: files.files,
      });
    }
    const best = (sealed: boolean) =>
      installations.filter((one) => one.sealed === sealed).sort((a, b) => a.importSeconds - b.importSeconds)[0];
    const [on, off] = [best(true), best(false)];
    const onRate = stats.messages / on.importSeconds;
    const offRate = stats.messages / off.importSeconds;
    const seconds = (sealed: boolean) =>
      installations
        .filter((one) => one.sealed === sealed)
        .map((one) => `${one.importSeconds.toFixed(1)} s (CPU ${((one.importCpuSeconds * 1000) / stats.messages).toFixed(2)} ms/msg)`)
        .join(", ");

    log("storage: /raw downloads through the route handler, sealed and plain, alternately");
    const rawRuns: { sealed: boolean; result: RawDownloadResult }[] = [];
    for (const sealed of [false, true, false, true]) {
      const installation = sealed ? on : off;
      rawRuns.push({ sealed, result: (await options.runRawScenario(installation.env)).result });
    }
    const rawOf = (sealed: boolean) =>
      rawRuns.filter((run) => run.sealed === sealed).sort((a, b) => a.result.latency.p95 - b.result.latency.p95)[0].result;
    const [rawOn, rawOff] = [rawOf(true), rawOf(false)];

    log("storage: backup and restore of the sealed store, cp -r of the same store");
    const backupDir = path.join(benchDir, "storage-backup");
    const copyDir = path.join(benchDir, "storage-cp");
    rmSync(backupDir, { recursive: true, force: true });
    rmSync(copyDir, { recursive: true, force: true });
    execFileSync("sync");
    const backup = await cli(["backup", "--to", backupDir], on.env);
    const backupSummary = lastJsonLine<{ seconds: number; counts: { blobs: number } }>(backup.stdout);
    execFileSync("sync");
    const copyStarted = performance.now();
    execFileSync("cp", ["-r", path.join(on.dataDir, "storage"), copyDir]);
    execFileSync("sync");
    const copySeconds = (performance.now() - copyStarted) / 1000;
    const target = await freshInstallation("bench_storage_restored", {
      STORAGE_KEY_FILE: path.join(on.dataDir, "storage.key"),
      STORAGE_ENCRYPTION: "true",
      STORAGE_COMPRESSION: "true",
    });
    // The bench keeps no signing identity across the restore: a new key, audited.
    const restore = await cli(["restore", "--from", backupDir, "--new-signing-key"], target.env);
    const restoreSummary = lastJsonLine<{ seconds: number; blobs: number }>(restore.stdout);
    const check = await cli(["check"], target.env);
    const checked = lastJsonLine<{ blobsChecked: number; blobsMissing: number; blobsCorrupt: number }>(check.stdout);
    const restoredOk = checked.blobsMissing === 0 && checked.blobsCorrupt === 0;

    const stored = on.blobBytes / inputBytes;
    const rows: ResultRow[] = [
      {
        scenario: "storage: bytes on disk, sealed",
        work: `${stats.messages.toLocaleString("en-US")} msgs, ${mb(inputBytes)} of mbox`,
        throughput: `${mb(on.blobBytes)} in ${on.blobs.toLocaleString("en-US")} blobs, ${(on.blobBytes / stats.messages / 1024).toFixed(1)} KB/email`,
        peakRss: "",
        baseline: `sealing off ${mb(off.blobBytes)} (${formatRatio(off.blobBytes / inputBytes)} the input)`,
        ratio: `${formatRatio(stored)} the input`,
        target: "<= 0.5x the input, encryption on",
        pass: stored <= 0.5,
      },
      {
        scenario: "storage: ingest, sealed vs plain",
        work: `CLI import of the same ${stats.messages.toLocaleString("en-US")} msgs`,
        throughput: formatRate(onRate, "emails"),
        peakRss: "",
        baseline: `sealing off ${formatRate(offRate, "emails")}`,
        ratio: formatRatio(onRate / offRate),
        target: ">= 0.9x the rate without sealing",
        pass: onRate / offRate >= 0.9,
      },
      {
        scenario: "storage: /raw download, sealed",
        work: `${rawOn.latency.count} downloads, ${mb(rawOn.bytes)}, one at a time`,
        throughput: `${rawOn.perSecond.toFixed(0)} downloads/s`,
        ...rawOn.latency,
        peakRss: "",
        baseline: `sealing off p95 ${rawOff.latency.p95.toFixed(1)} ms`,
        ratio: `${formatRatio(rawOn.latency.p95 / rawOff.latency.p95)} p95`,
        target: "p95 within 1.2x of unsealed",
        pass: rawOn.latency.p95 <= 1.2 * rawOff.latency.p95,
      },
      {
        scenario: "storage: backup of the sealed store (CLI)",
        work: `${backupSummary.counts.blobs.toLocaleString("en-US")} blobs, ${mb(on.blobBytes)}`,
        throughput: `${backup.seconds.toFixed(1)} s (${backupSummary.seconds.toFixed(1)} s inside the CLI)`,
        peakRss: `CLI ${backup.peakRssMb.toFixed(0)} MB`,
        baseline: `cp -r of the store ${copySeconds.toFixed(2)} s`,
        ratio: `${formatRatio(backupSummary.seconds / copySeconds)} time`,
        target: "none set (issue 38: timed against cp)",
        pass: null,
      },
      {
        scenario: "storage: restore of that backup (CLI)",
        work: `${restoreSummary.blobs.toLocaleString("en-US")} blobs into a fresh installation; check after it`,
        throughput: `${restore.seconds.toFixed(1)} s (${restoreSummary.seconds.toFixed(1)} s inside the CLI)`,
        peakRss: `CLI ${restore.peakRssMb.toFixed(0)} MB`,
        baseline: `cp -r of the store ${copySeconds.toFixed(2)} s`,
        ratio: `${formatRatio(restoreSummary.seconds / copySeconds)} time`,
        target: "check clean after it (no time target set)",
        pass: restoredOk,
      },
    ];
    const kinds = Object.entries(stats.kinds)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(", ");
    const notes = [
      `Storage corpus (scripts/bench/storage-corpus.ts, seed ${options.seed}): ${stats.messages} messages, ${mb(inputBytes)}: ${kinds} ` +
        `(documents and photos drawn from pools, so they recur across messages; photos and unique binaries incompressible). ` +
        `Blob bytes are the stored files' sizes; sealed ${mb(on.blobBytes)} in ${on.blobs} blobs, off ${mb(off.blobBytes)} in ${off.blobs}. ` +
        `Import seconds (the CLI's own "done in"; in brackets the CLI process's CPU per message, start-up included, which the machine's load ` +
        `disturbs less), on: ${seconds(true)}; off: ${seconds(false)}; the faster of each counts. ` +
        `/raw: the real route handler (GET /v1/archived-emails/{id}/raw, Bearer token) called in a process of its own, ` +
        `a warm-up pass then two timed passes over ${rawOn.latency.count / 2} messages, twice per mode alternately, the lower p95 of each counts ` +
        `(sealed p95 ${rawRuns
          .filter((run) => run.sealed)
          .map((run) => run.result.latency.p95.toFixed(1))
          .join(", ")} ms; off ${rawRuns
          .filter((run) => !run.sealed)
          .map((run) => run.result.latency.p95.toFixed(1))
          .join(", ")} ms). ` +
        `Backup and restore: the CLI against cp -r of the sealed store's blob directory (sync before and after each); the CLI's seconds ` +
        `include the database's tables, which cp does not copy; the restored installation's check: ` +
        `${checked.blobsChecked} blobs checked, ${checked.blobsMissing} missing, ${checked.blobsCorrupt} corrupt.`,
    ];
    return { rows, notes };
  } finally {
    for (const name of created) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    for (const name of [...created, "storage-backup", "storage-cp"]) rmSync(path.join(benchDir, name), { recursive: true, force: true });
  }
}

export interface RawDownloadResult {
  latency: LatencySummary;
  bytes: number;
  perSecond: number;
}

/**
 * In the installation of this process's environment: signs the admin in and downloads `samples`
 * messages (spread over the archive by hash, so both installations download the same messages)
 * through the real `/raw` route handler, a warm-up pass then two timed passes.
 */
export async function rawDownloadScenario(params: {
  samples: number;
  admin: { email: string; password: string };
}): Promise<RawDownloadResult> {
  const login = await import("../../../src/app/v1/auth/login/route");
  const raw = await import("../../../src/app/v1/archived-emails/[id]/raw/route");
  const { CLIENT_IP_HEADER } = await import("../../../src/server/platform/http/client-ip");
  const headers = { "content-type": "application/json", [CLIENT_IP_HEADER]: "127.0.0.1" };
  const signedIn = await login.POST(
    new Request("http://localhost/v1/auth/login", { method: "POST", headers, body: JSON.stringify(params.admin) }) as never,
    { params: Promise.resolve({}) } as never,
  );
  if (signedIn.status !== 200) throw new Error(`login answered ${signedIn.status}: ${await signedIn.text()}`);
  const { accessToken } = (await signedIn.json()) as { accessToken: string };
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const total = Number((await client.query("SELECT count(*) AS n FROM archived_emails")).rows[0].n);
  const every = Math.max(1, Math.floor(total / params.samples));
  const ids = (
    await client.query<{ id: string }>(
      "SELECT id::text FROM (SELECT id, row_number() OVER (ORDER BY storage_hash_sha256) AS n FROM archived_emails) t WHERE n % $1 = 0 ORDER BY n LIMIT $2",
      [every, params.samples],
    )
  ).rows.map((row) => row.id);
  await client.end();
  const download = async (id: string) => {
    const response = await raw.GET(
      new Request(`http://localhost/v1/archived-emails/${id}/raw`, {
        headers: { ...headers, authorization: `Bearer ${accessToken}` },
      }) as never,
      { params: Promise.resolve({ id }) } as never,
    );
    if (response.status !== 200) throw new Error(`/raw answered ${response.status}`);
    return (await response.arrayBuffer()).byteLength;
  };
  for (const id of ids) await download(id);
  const samples: number[] = [];
  let bytes = 0;
  const started = performance.now();
  for (let pass = 0; pass < 2; pass++) {
    for (const id of ids) {
      const at = performance.now();
      bytes += await download(id);
      samples.push(performance.now() - at);
    }
  }
  return { latency: summarizeLatencies(samples), bytes, perSecond: samples.length / ((performance.now() - started) / 1000) };
}
