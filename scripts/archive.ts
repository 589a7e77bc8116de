/**
 * The operator's command line (docs/operations.md, docs/import.md, docs/ediscovery.md):
 * - `import --source <name-or-id> --user <mailbox> <path>...`: bulk loads of messages (.eml, .txt,
 *   any name: taken by content), mbox files, folders of them (recursively), zips and Outlook .pst
 *   files, with a progress bar; prints the summary ({imported, duplicates, failed, skipped}) as JSON
 *   on stdout, and exits 1 when files were skipped and no message was imported or already there.
 * - `backup --to <dir>`, `restore --from <dir> [--new-signing-key]`, `check`, `rotate-storage-key --new-key <file>`:
 *   scripts/archive/operations-commands.ts.
 * - `restore-to-mailbox --export <id> --source <imap source> [--folder <name>]`: restores a case
 *   export's emails to a mailbox (scripts/archive/restore-to-mailbox-command.ts, docs/journaling.md).
 * - `verify-export <zip>`: checks an eDiscovery production against this installation's export key
 *   (scripts/verify-export.mjs does the same anywhere, given the key).
 */
import { parseArgs } from "node:util";
import { UsageError } from "./archive/cli-support";

/** What `--help` prints, per command: the line of the usage, then what it does. */
const COMMANDS = {
  import: [
    "npm run archive -- import --source <name-or-id> [--create] --user <mailbox> [--no-progress] <path>...",
    "Imports messages (.eml, .txt or any name: files are taken by content), mbox files, folders of them (recursively),",
    "zips and Outlook .pst files into a source; --create makes an upload source of that name when none exists.",
    "Prints {imported, duplicates, failed, skipped} as JSON: skipped lists each file that holds no mail, with the reason;",
    "exit 1 when files were skipped and no message was imported (nor already archived).",
  ],
  backup: [
    "npm run archive -- backup --to <dir> [--concurrency <n>] [--no-progress]",
    "Writes a consistent backup of the database and every blob to <dir> (docs/operations.md). Prints a JSON summary.",
    "--concurrency <n>: blob copies at once: on S3 reads in flight (default 16); on the local store copier threads",
    "(default one a core, at most 4), while the process dumps the tables beside them.",
  ],
  restore: [
    "npm run archive -- restore --from <dir> [--new-signing-key] [--no-progress]",
    "Restores a backup into an empty installation (docs/operations.md) given its keys: the storage key, ENCRYPTION_KEY",
    "when the old installation set it, and the old export-signing-key.pem unless --new-signing-key makes a new one",
    "(recorded in the audit log). Names every missing key and where to put it. Prints a JSON summary.",
  ],
  check: [
    "npm run archive -- check [--sample <fraction|percent|count>] [--resume] [--limit <blobs>] [--concurrency <n>] [--no-progress]",
    "Checks every blob against its hash and the audit chain (docs/operations.md). Prints a JSON summary; exit 1 on a problem.",
    "--sample 0.01, 1% or 5000: only a pseudo-random sample of the blobs (a count gives about that many).",
    "--limit <blobs>: stop after that many blobs; --resume continues the walk a stopped check left (from any host).",
    "--concurrency <n>: blob reads at once (default 16 on S3, 8 on the local store).",
  ],
  "rotate-storage-key": [
    "npm run archive -- rotate-storage-key --new-key <file>",
    "Re-wraps the blob store's data keys under the storage key in <file>; no blob is rewritten (docs/operations.md). Prints a JSON summary.",
  ],
  "restore-to-mailbox": [
    "npm run archive -- restore-to-mailbox --export <export-id> --source <imap-source-name-or-id> [--folder <name>] [--no-progress]",
    "Appends a case export's emails to a mailbox over IMAP (docs/journaling.md). Prints the restore run as JSON.",
  ],
  "verify-export": [
    "npm run archive -- verify-export <production.zip>",
    "Checks an eDiscovery production against this installation's export key; exit 0 when it verifies.",
  ],
} as const;
type CommandName = keyof typeof COMMANDS;
const USAGE = [
  ...Object.values(COMMANDS).map(([line], index) => `${index === 0 ? "usage: " : "       "}${line}`),
  "",
  "--help after a command explains it.",
].join("\n");

/** `--help` anywhere: the named command's help, or every command's usage line; on stdout, exit 0. */
function helpText(argv: string[]): string | null {
  if (!argv.includes("--help") && !argv.includes("-h")) return null;
  const command = argv.find((argument): argument is CommandName => Object.hasOwn(COMMANDS, argument));
  if (!command) return USAGE;
  const [line, ...description] = COMMANDS[command];
  const progressNote = line.includes("--no-progress") ? ["", "--no-progress: no progress bar (one is drawn on a terminal only)."] : [];
  return [`usage: ${line}`, "", ...description, ...progressNote].join("\n");
}
// stdout carries the summary alone: what libraries log (pst-extractor reports an item it cannot load) goes to stderr.
const writeLine = (line: string) => process.stdout.write(`${line}\n`);
console.log = console.error;

function parseCommandLine() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      source: { type: "string" },
      user: { type: "string" },
      "no-progress": { type: "boolean" },
      create: { type: "boolean" },
      to: { type: "string" },
      from: { type: "string" },
      export: { type: "string" },
      folder: { type: "string" },
      "new-key": { type: "string" },
      "new-signing-key": { type: "boolean" },
      sample: { type: "string" },
      resume: { type: "boolean" },
      limit: { type: "string" },
      concurrency: { type: "string" },
    },
  });
  const [command, ...paths] = positionals;
  const progress = !values["no-progress"] && process.stderr.isTTY;
  if (command === "backup" && values.to && paths.length === 0) {
    const concurrency = values.concurrency === undefined ? undefined : positiveInteger("--concurrency", values.concurrency, 256);
    return { command, to: values.to, concurrency, progress } as const;
  }
  if (command === "restore" && values.from && paths.length === 0)
    return { command, from: values.from, newSigningKey: values["new-signing-key"] === true, progress } as const;
  if (command === "check" && paths.length === 0) {
    if (values.resume && values.sample)
      throw new UsageError("check: --resume continues the stopped walk with its own sample; drop --sample");
    const blobWalk = {
      sample: values.sample === undefined ? undefined : sampleOption(values.sample),
      resume: values.resume === true,
      limit: values.limit === undefined ? undefined : positiveInteger("--limit", values.limit),
      concurrency: values.concurrency === undefined ? undefined : positiveInteger("--concurrency", values.concurrency, 256),
    };
    return { command, progress, blobWalk } as const;
  }
  if (command === "rotate-storage-key" && values["new-key"] && paths.length === 0)
    return { command, newKeyFile: values["new-key"] } as const;
  if (command === "restore-to-mailbox" && values.export && values.source && paths.length === 0) {
    return { command, exportId: values.export, source: values.source, folder: values.folder, progress } as const;
  }
  if (command !== "import" || !values.source || paths.length === 0) throw new UsageError(USAGE);
  return { command, source: values.source, user: values.user, paths, create: values.create === true, progress } as const;
}

/** A whole number from 1 to `max`, else a usage error naming the option (the value is not echoed). */
function positiveInteger(option: string, value: string, max = Number.MAX_SAFE_INTEGER): number {
  const number = /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  if (!(number >= 1 && number <= max)) throw new UsageError(`${option} takes a whole number from 1 to ${max}`);
  return number;
}

/** `--sample`: 0.01 or 1% (a fraction of the blobs, up to all) or 5000 (about that many blobs). */
function sampleOption(value: string): { fraction: number } | { count: number } {
  const percent = /^(\d{1,3}(?:\.\d{1,6})?)%$/.exec(value);
  const fraction = percent ? Number(percent[1]) / 100 : /^\d?\.\d{1,9}$/.test(value) ? Number(value) : null;
  if (fraction !== null) {
    if (fraction > 0 && fraction <= 1) return { fraction };
    throw new UsageError("--sample takes a fraction above 0 and at most 1 (0.01, 1%) or a count of blobs (5000)");
  }
  return { count: positiveInteger("--sample", value) };
}

/** Exit code 0 when the production's signature and every message's hash check out, 1 otherwise. */
async function verifyExport(zipPath: string | undefined): Promise<number> {
  if (!zipPath) throw new UsageError(USAGE);
  const [{ verifyExportZip }, { installationPublicKey }] = await Promise.all([
    import("./verify-export.mjs"),
    import("../src/server/platform/signing/installation-signing-key"),
  ]);
  const result = verifyExportZip(zipPath, { publicKeyPem: installationPublicKey().publicKey });
  for (const problem of result.problems) writeLine(`FAILED: ${problem}`);
  writeLine(
    result.ok ? `OK: signature valid, ${result.messages} message(s) match the manifest` : `FAILED: ${result.problems.length} problem(s)`,
  );
  return result.ok ? 0 : 1;
}

async function main(): Promise<number> {
  const help = helpText(process.argv.slice(2));
  if (help !== null) {
    writeLine(help);
    return 0;
  }
  if (process.argv[2] === "verify-export") return verifyExport(process.argv[3]);
  const options = parseCommandLine();
  // Each command's modules load only when it runs: `--help` and a usage error start at once.
  if (options.command === "import") return (await import("./archive/import-command")).runImport(options, USAGE);
  if (options.command === "restore-to-mailbox") return (await import("./archive/restore-to-mailbox-command")).runRestoreToMailbox(options);
  const operations = await import("./archive/operations-commands");
  if (options.command === "backup") return operations.runBackup(options);
  if (options.command === "restore") return operations.runRestore(options);
  if (options.command === "rotate-storage-key") return operations.runRotateStorageKey(options);
  return operations.runCheck(options);
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof UsageError ? error.message : `[archive] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
