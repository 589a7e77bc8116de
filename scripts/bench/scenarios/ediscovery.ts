import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { blobKeyForHash } from "../../../src/server/archive/storage/blob-store";
import { dataDir } from "../../../src/server/platform/config/env";
import { db } from "../../../src/server/platform/db/client";
import { applyTag } from "../../../src/server/ediscovery/apply-tag";
import { createCase } from "../../../src/server/ediscovery/create-case";
import { createExport } from "../../../src/server/ediscovery/create-export";
import { createSavedSearch } from "../../../src/server/ediscovery/create-saved-search";
import { createTag } from "../../../src/server/ediscovery/create-tag";
import { runNextExport } from "../../../src/server/ediscovery/export/run-export";
import { exportDirectory } from "../../../src/server/ediscovery/export/production-format";
import type { SearchQuery } from "../../../src/server/search/search-engine";
import { searchEngine } from "../../../src/server/search/search-engine-factory";
import { normalizeSearchQuery } from "../../../src/server/search/search.schemas";
import type { Principal } from "../../../src/server/identity/auth/principal";
import { peakRssOf } from "../measured-process";
import { benchPrincipal } from "./principal";

type Filters = Record<string, unknown>;

/**
 * Exports every email of `filters` in both formats through the worker's code (runNextExport until
 * none is due), timed from queued to completed. Baseline: `cp` of the same stored blobs into a
 * scratch directory (the bytes an export must at least read and write). This host cannot drop the
 * page cache, so every timed run reads the blobs from it: they are read once before the first, and
 * each run's output is deleted after it (it would push the blobs out of the cache).
 */
export async function exportScenario(params: { filters: Filters; caseName: string }) {
  const principal = await benchPrincipal();
  const matter = await createCase({ principal, input: { name: params.caseName } });
  const searchQuery = normalizeSearchQuery({ query: "", filters: params.filters });
  const blobs = await StoredBlobs.matching(searchQuery, process.env.STORAGE_DIR ?? path.join(dataDir(), "storage"));
  readIntoPageCache(blobs);
  resetPeakRss();
  type Run = { items: number; bytes: number; seconds: number; snapshotSeconds: number; status: string; allSeconds: number[] };
  const runs: Record<string, Run> = {};
  const cpSeconds: number[] = [];
  let exportsPeakRssMb = 0;
  // Two rounds, each both formats then cp, and the faster run of each: this host's disk and page
  // cache swing by a factor of two between runs (docs/ediscovery.md, "Speed"), and both sides are
  // held to their best here, as cp alone was before.
  for (let round = 0; round < 2; round++) {
    for (const format of ["eml", "mbox"] as const) {
      const run = await timedExport(principal, matter.id, { searchQuery }, format);
      const best = runs[format];
      const allSeconds = [...(best?.allSeconds ?? []), run.seconds];
      runs[format] = !best || run.seconds < best.seconds ? { ...run, allSeconds } : { ...best, allSeconds };
    }
    // The exports' peak (both rounds), read before the last cp.
    exportsPeakRssMb = peakRssOf(process.pid);
    cpSeconds.push(copyWithCp(blobs));
  }
  const baselineSeconds = Math.min(...cpSeconds);
  return { runs, exportsPeakRssMb, baselineFiles: blobs.count, baselineSeconds, cpSeconds };
}

/** The settings of the bench's PDF production: Bates numbers, two redaction rules (a phrase and a regex), an endorsement. */
const PDF_SETTINGS = {
  bates: { prefix: "BENCH", start: 1, digits: 8 },
  redact: [
    { pattern: "confidential", kind: "text" as const },
    { pattern: String.raw`\b\d{3}-\d{2}-\d{4}\b`, kind: "regex" as const, label: "PII" },
  ],
  endorsement: "CONFIDENTIAL - SUBJECT TO PROTECTIVE ORDER",
};

/** The PDF target's production size (issue 54): of a larger import, its newest 10,000 emails are produced. */
const PDF_EMAILS = 10_000;

/** Tags the first `count` matches of `searchQuery` (the search's order: newest first) in the case; answers the tag. */
async function tagNewest(principal: Principal, caseId: string, searchQuery: SearchQuery, count: number): Promise<string> {
  const tag = await createTag({ principal, caseId, name: "Bench production" });
  let tagged = 0;
  for await (const ids of searchEngine().searchAllIds({ query: searchQuery, pageSize: 5000 })) {
    const emailIds = ids.slice(0, count - tagged);
    await applyTag({ principal, caseId, tagId: tag.id, input: { emailIds } });
    tagged += emailIds.length;
    if (tagged >= count) break;
  }
  return tag.id;
}

/**
 * A PDF production (Chromium rendering, redaction, Bates stamping, load files, signature) of the
 * newest PDF_EMAILS emails of `filters` (tagged in the case) through the worker's code, against the
 * eml production of the same emails.
 * The worker's peak RSS is the scenario process's; Chromium's processes are sampled every 200 ms
 * (their summed RSS), as they are not the worker's own memory. CPU time, which other work on the
 * machine does not inflate as it does the elapsed time: the scenario process's own during the PDF
 * production, and Chromium's as its processes' summed user and system time at the last sample
 * before they exit (so up to 200 ms of it may be missed).
 */
export async function pdfExportScenario(params: { filters: Filters; caseName: string }) {
  const principal = await benchPrincipal();
  const matter = await createCase({ principal, input: { name: params.caseName } });
  const source = { tagId: await tagNewest(principal, matter.id, normalizeSearchQuery({ query: "", filters: params.filters }), PDF_EMAILS) };
  const eml = await timedExport(principal, matter.id, source, "eml");
  resetPeakRss();
  let chromiumPeakRssMb = 0;
  let chromiumCpuSeconds = 0;
  const sampler = setInterval(() => {
    const children = childProcesses(process.pid);
    chromiumPeakRssMb = Math.max(chromiumPeakRssMb, children.rssMb);
    chromiumCpuSeconds = Math.max(chromiumCpuSeconds, children.cpuSeconds);
  }, 200);
  try {
    const cpuBefore = process.cpuUsage();
    const pdf = await timedExport(principal, matter.id, source, "pdf");
    const cpu = process.cpuUsage(cpuBefore);
    const workerCpuSeconds = (cpu.user + cpu.system) / 1e6;
    return { eml, pdf, workerPeakRssMb: peakRssOf(process.pid), chromiumPeakRssMb, workerCpuSeconds, chromiumCpuSeconds };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The summed RSS (VmRSS) in MB and CPU time (user + system) in seconds of the process's descendants
 * now (Chromium's browser, renderer and helper processes).
 */
function childProcesses(pid: number): { rssMb: number; cpuSeconds: number } {
  let rssMb = 0;
  let cpuSeconds = 0;
  // USER_HZ: /proc counts CPU time in ticks of 1/100 s on Linux.
  const ticksPerSecond = 100;
  const walk = (parent: number) => {
    let children: number[] = [];
    try {
      children = readFileSync(`/proc/${parent}/task/${parent}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return;
    }
    for (const child of children) {
      try {
        rssMb += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child}/status`, "utf8"))?.[1] ?? 0) / 1024;
        // Fields 14 and 15 of /proc/<pid>/stat (utime, stime), counted after the parenthesised command name.
        const fields = readFileSync(`/proc/${child}/stat`, "utf8").split(") ")[1].split(" ");
        cpuSeconds += (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
      } catch {
        // Gone since it was listed.
      }
      walk(child);
    }
  };
  walk(pid);
  return { rssMb, cpuSeconds };
}

/** One export from queued to completed through the worker's code; its output is deleted after it. */
async function timedExport(
  principal: Principal,
  caseId: string,
  source: { searchQuery: SearchQuery } | { tagId: string },
  format: "eml" | "mbox" | "pdf",
) {
  const input = { name: `Bench ${format}`, source, format, ...(format === "pdf" ? PDF_SETTINGS : {}) };
  const created = await createExport({ principal, caseId, input });
  // Each timed copy starts with no dirty pages left by the one before it to write back.
  execFileSync("sync");
  const startedAt = Date.now();
  const started = performance.now();
  while (await runNextExport());
  const seconds = (performance.now() - started) / 1000;
  const done = await db().ediscoveryExport.findUniqueOrThrow({ where: { id: created.id } });
  // startedAt is stamped once the snapshot of the items is taken: the fixed cost before the first message.
  const snapshotSeconds = ((done.startedAt?.getTime() ?? startedAt) - startedAt) / 1000;
  rmSync(exportDirectory(created.id), { recursive: true, force: true });
  return {
    items: done.totalItems,
    bytes: Number(done.bytes),
    seconds,
    snapshotSeconds,
    status: done.status,
    pages: done.pageCount,
    error: done.error,
  };
}

/**
 * The stored blobs of the exported emails, for the page cache and the cp baseline, kept as their
 * SHA-256 digests in one buffer (3.2 MB for 100,000 emails) rather than as path strings (about 30 MB
 * of heap at 100,000): this process stands for the worker, whose peak RSS it reports, and the worker
 * holds no such list.
 */
class StoredBlobs {
  private constructor(
    private readonly storageRoot: string,
    private readonly digests: Buffer,
  ) {}

  static async matching(searchQuery: SearchQuery, storageRoot: string): Promise<StoredBlobs> {
    const pages: Buffer[] = [];
    for await (const ids of searchEngine().searchAllIds({ query: searchQuery, pageSize: 5000 })) {
      const rows = await db().archivedEmail.findMany({ where: { id: { in: ids } }, select: { storagePath: true } });
      pages.push(Buffer.concat(rows.map((row) => Buffer.from(path.basename(row.storagePath), "hex"))));
    }
    return new StoredBlobs(storageRoot, Buffer.concat(pages));
  }

  get count(): number {
    return this.digests.length / DIGEST_BYTES;
  }

  /** The paths of the blobs from `start` (included) to `end` (excluded). */
  paths(start: number, end: number): string[] {
    const paths: string[] = [];
    for (let index = start; index < Math.min(end, this.count); index++) {
      const digest = this.digests.subarray(index * DIGEST_BYTES, (index + 1) * DIGEST_BYTES).toString("hex");
      paths.push(path.join(this.storageRoot, blobKeyForHash(digest)));
    }
    return paths;
  }
}

const DIGEST_BYTES = 32;

/** Starts the process's peak RSS (VmHWM) over from its RSS now (Linux), so that it shows the exports' own peak. */
function resetPeakRss(): void {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
  } catch {
    // Not Linux: the peak then includes the scenario's setup.
  }
}

function readIntoPageCache(blobs: StoredBlobs): void {
  for (let start = 0; start < blobs.count; start += 1000) {
    execFileSync("cat", blobs.paths(start, start + 1000), { stdio: ["ignore", "ignore", "inherit"] });
  }
}

/**
 * Seconds `cp` takes to copy the blobs into a scratch directory: one `cp` per 1,000 (the argument
 * list stays short), each timed from its directory's creation to its end, so that making the paths
 * is not counted.
 */
function copyWithCp(blobs: StoredBlobs): number {
  const scratch = mkdtempSync(path.join(tmpdir(), "bench-cp-"));
  execFileSync("sync");
  let seconds = 0;
  for (let start = 0; start < blobs.count; start += 1000) {
    const paths = blobs.paths(start, start + 1000);
    const started = performance.now();
    const target = path.join(scratch, String(start / 1000));
    mkdirSync(target);
    execFileSync("cp", ["-t", target, ...paths]);
    seconds += (performance.now() - started) / 1000;
  }
  rmSync(scratch, { recursive: true, force: true });
  return seconds;
}

/**
 * Bulk-tags every match of a saved search through the use case the REST route and the UI call.
 * Baseline: a bare INSERT ... SELECT of the same (tag, email) rows into a scratch table.
 */
export async function bulkTagScenario(params: { query: { query: string; filters?: Filters }; caseName: string }) {
  const principal = await benchPrincipal();
  const matter = await createCase({ principal, input: { name: params.caseName } });
  const saved = await createSavedSearch({
    principal,
    caseId: matter.id,
    input: { name: "Bench search", searchQuery: normalizeSearchQuery(params.query) },
  });
  const tag = await createTag({ principal, caseId: matter.id, name: "Responsive" });
  const started = performance.now();
  const result = await applyTag({ principal, caseId: matter.id, tagId: tag.id, input: { searchId: saved.id } });
  const seconds = (performance.now() - started) / 1000;

  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query("CREATE TEMP TABLE scratch_tags (tag_id uuid, email_id uuid, applied_at timestamptz, applied_by_user_id text)");
  const baselineStarted = performance.now();
  await client.query(
    "INSERT INTO scratch_tags SELECT tag_id, email_id, applied_at, applied_by_user_id FROM ediscovery_tagged_emails WHERE tag_id = $1",
    [tag.id],
  );
  const baselineSeconds = (performance.now() - baselineStarted) / 1000;
  await client.end();
  return { tagged: result.emailsTagged, matched: result.emailsMatched, seconds, baselineSeconds };
}
