import { open, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { DETECT_BYTES, detectMailKind, type MailKind } from "../readers/detect-mail-kind";

export type ImportFileKind = "eml" | "mbox" | "zip" | "pst";

export type ImportFile = {
  file: string;
  sizeBytes: number;
  /** The folder it stands for in the archive: a message's folder relative to the given root, an mbox's name. */
  folder: string;
} & ({ kind: ImportFileKind } | { kind: "unreadable"; reason: string });

/** A file that holds no mail (a README, a picture): not imported, listed with the reason. */
export type SkippedFile = { file: string; reason: string };

const KIND_OF: Record<MailKind, ImportFileKind> = { message: "eml", mbox: "mbox", zip: "zip", pst: "pst" };

/** A file's kind by its first bytes, never its name (messages kept as `.txt`, mbox files without an extension). */
async function kindOf(file: string): Promise<{ kind: ImportFileKind } | { error: string }> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(DETECT_BYTES), 0, DETECT_BYTES, 0);
    const whole = bytesRead < DETECT_BYTES || (await handle.stat()).size === DETECT_BYTES;
    const detected = detectMailKind(buffer.subarray(0, bytesRead), whole);
    return "error" in detected ? detected : { kind: KIND_OF[detected.kind] };
  } finally {
    await handle.close();
  }
}

/**
 * The importable files of the given paths in a stable order: files as given (an unreadable path is
 * an error), folders recursively (hidden entries ignored). Each file is taken by its content; one
 * that holds no mail is `skipped`, with the reason. An entry of a folder that cannot be read (a
 * broken link, no permission) is listed as `unreadable`, to be reported as failed: a folder import
 * accounts for everything in it.
 */
export async function findImportFiles(paths: string[]): Promise<{ files: ImportFile[]; skipped: SkippedFile[] }> {
  const found: ImportFile[] = [];
  const skipped: SkippedFile[] = [];
  const relativeFolder = (root: string, entry: string) =>
    path.relative(root, path.dirname(entry)).split(path.sep).filter(Boolean).join("/");
  const visitReadable = async (entry: string, root: string) => {
    const info = await stat(entry);
    if (info.isDirectory()) {
      const children = (await readdir(entry)).filter((name) => !name.startsWith(".")).sort();
      for (const child of children) await visit(path.join(entry, child), root, false);
      return;
    }
    if (!info.isFile()) return;
    const detected = await kindOf(entry);
    if ("error" in detected) {
      skipped.push({ file: entry, reason: detected.error });
      return;
    }
    const { kind } = detected;
    const folder = kind === "mbox" ? path.basename(entry, path.extname(entry)) : kind === "eml" ? relativeFolder(root, entry) : "";
    found.push({ file: entry, kind, sizeBytes: info.size, folder });
  };
  const visit = async (entry: string, root: string, explicit: boolean): Promise<void> => {
    try {
      await visitReadable(entry, root);
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
  return { files: found, skipped };
}
