import { open, readdir, stat } from "node:fs/promises";
import path from "node:path";

export type ImportFileKind = "eml" | "mbox" | "zip" | "pst";

export type ImportFile = {
  file: string;
  sizeBytes: number;
  /** The folder it stands for in the archive: an .eml's folder relative to the given root, an mbox's name. */
  folder: string;
} & ({ kind: ImportFileKind } | { kind: "unreadable"; reason: string });

const BY_EXTENSION: Record<string, ImportFileKind> = { ".eml": "eml", ".mbox": "mbox", ".mbx": "mbox", ".zip": "zip", ".pst": "pst" };

/** Thunderbird and others keep mbox files without an extension: recognised by their first line. */
async function startsLikeMbox(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    return bytesRead === 5 && buffer.toString("latin1") === "From ";
  } finally {
    await handle.close();
  }
}

async function kindOf(file: string): Promise<ImportFileKind | null> {
  const known = BY_EXTENSION[path.extname(file).toLowerCase()];
  if (known) return known;
  return path.extname(file) === "" && (await startsLikeMbox(file)) ? "mbox" : null;
}

/**
 * The importable files of the given paths in a stable order: files as given (an unknown type or an
 * unreadable path is an error), folders recursively (files of unknown types skipped, hidden entries
 * ignored). An entry of a folder that cannot be read (a broken link, no permission) is listed as
 * `unreadable`, to be reported as failed: a folder import accounts for everything in it.
 */
export async function findImportFiles(paths: string[]): Promise<ImportFile[]> {
  const found: ImportFile[] = [];
  const relativeFolder = (root: string, entry: string) =>
    path.relative(root, path.dirname(entry)).split(path.sep).filter(Boolean).join("/");
  const visitReadable = async (entry: string, root: string, explicit: boolean) => {
    const info = await stat(entry);
    if (info.isDirectory()) {
      const children = (await readdir(entry)).filter((name) => !name.startsWith(".")).sort();
      for (const child of children) await visit(path.join(entry, child), root, false);
      return;
    }
    if (!info.isFile()) return;
    const kind = await kindOf(entry);
    if (!kind) {
      if (explicit) throw new Error(`${entry}: not an .eml, mbox, .zip or .pst file`);
      return;
    }
    const folder = kind === "mbox" ? path.basename(entry, path.extname(entry)) : kind === "eml" ? relativeFolder(root, entry) : "";
    found.push({ file: entry, kind, sizeBytes: info.size, folder });
  };
  const visit = async (entry: string, root: string, explicit: boolean): Promise<void> => {
    try {
      await visitReadable(entry, root, explicit);
    } catch (error) {
      if (explicit) throw error;
      found.push({
        file: entry,
        kind: "unreadable",
        reason: `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
        sizeBytes: 0,
        folder: relativeFolder(root, entry),
      });
    }
  };
  for (const given of paths) await visit(path.resolve(given), path.resolve(given), true);
  return found;
}
