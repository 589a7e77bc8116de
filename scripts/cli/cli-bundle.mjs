// The operator's command line runs from a bundle (esbuild), not through tsx: compiling hundreds of
// TypeScript modules at every start cost about two seconds, and `--help` should answer at once.
// Each command's modules are a chunk of their own (code splitting), loaded only when it runs.
// A bundle is never run when any of its sources is newer than it: the launcher rebuilds first.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

const CLI_DIR = ".cli";
const CURRENT = "current";
/** Sources a build depends on besides the modules esbuild reads (how it resolves and compiles them). */
const BUILD_INPUTS = ["tsconfig.json", "package.json", "scripts/cli/cli-bundle.mjs"];
/** Older builds are removed a day after they were replaced: a command still running may load a chunk from one. */
const KEEP_REPLACED_MS = 24 * 3600_000;

/** The entry file of the current bundle, under `projectDir`. */
export const cliBundleEntry = (projectDir) => path.join(projectDir, CLI_DIR, CURRENT, "archive.mjs");

/** Whether the current bundle exists and none of the files it was built from changed after the build started. */
export function cliBundleIsFresh(projectDir) {
  const manifestFile = path.join(projectDir, CLI_DIR, CURRENT, "inputs.json");
  if (!existsSync(manifestFile)) return false;
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  } catch {
    return false;
  }
  return manifest.inputs.every((input) => {
    try {
      return statSync(path.join(projectDir, input)).mtimeMs <= manifest.startedAt;
    } catch {
      return false;
    }
  });
}

/**
 * Builds the bundle into a directory of its own and then points `.cli/current` at it (a rename of a
 * symbolic link, atomic), so a command starting meanwhile runs the old build or the new one, whole.
 */
export async function buildCliBundle(projectDir) {
  const { build } = await import("esbuild");
  const buildsDir = path.join(projectDir, CLI_DIR, "builds");
  mkdirSync(buildsDir, { recursive: true });
  const name = `${Date.now()}-${process.pid}`;
  const outdir = path.join(buildsDir, name);
  // Whole milliseconds before any source is read: a file saved during the build counts as newer.
  const startedAt = Math.floor(Date.now()) - 1;
  const result = await build({
    // The backup's blob copier thread (src/server/installation/backup-blob-copiers.ts) lives beside the entry.
    entryPoints: {
      archive: path.join(projectDir, "scripts/archive.ts"),
      "backup-blob-thread": path.join(projectDir, "src/server/installation/backup-blob-thread.ts"),
    },
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    tsconfig: path.join(projectDir, "tsconfig.json"),
    metafile: true,
    logLevel: "warning",
  });
  const inputs = [...Object.keys(result.metafile.inputs).map((input) => path.relative(projectDir, path.resolve(input))), ...BUILD_INPUTS];
  writeFileSync(path.join(outdir, "inputs.json"), JSON.stringify({ startedAt, inputs }));
  const link = path.join(projectDir, CLI_DIR, `${CURRENT}.${name}`);
  symlinkSync(path.join("builds", name), link);
  renameSync(link, path.join(projectDir, CLI_DIR, CURRENT));
  for (const other of readdirSync(buildsDir)) {
    const replacedAt = Number(other.split("-")[0]);
    if (other !== name && Date.now() - replacedAt > KEEP_REPLACED_MS) rmSync(path.join(buildsDir, other), { recursive: true, force: true });
  }
}

/** The current bundle's entry, built first when it is missing or older than a source. */
export async function freshCliBundle(projectDir, log = (message) => console.error(message)) {
  if (!cliBundleIsFresh(projectDir)) {
    log("[archive] building the command line (its sources changed since the last build)");
    await buildCliBundle(projectDir);
  }
  return cliBundleEntry(projectDir);
}
