// Compiles the worker threads that run TypeScript (the audit verification helper, the export writer) into plain
// JavaScript under .workers/, bundling our modules and leaving npm packages to node_modules. Run by
// `npm run build`, by the start script when the bundle is missing, and by the test setup.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { VERIFY_HELPER_BUNDLE } from "../src/server/audit/start-verify-helper";
import { EXPORT_WRITER_BUNDLE } from "../src/server/ediscovery/export/export-writer-pool";

const WORKERS = [
  { entry: "src/server/audit/verify-helper-thread.ts", out: VERIFY_HELPER_BUNDLE },
  { entry: "src/server/ediscovery/export/export-writer-thread.ts", out: EXPORT_WRITER_BUNDLE },
];

/** Every thread bundle, relative to the project: a start rebuilds them when one is missing. */

export async function buildWorkers(projectDir = process.cwd()): Promise<void> {
  for (const worker of WORKERS) {
    await build({
      entryPoints: [path.join(projectDir, worker.entry)],
      outfile: path.join(projectDir, worker.out),
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      tsconfig: path.join(projectDir, "tsconfig.json"),
      logLevel: "warning",
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await buildWorkers();
}
