import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

/**
 * A backup directory holds any number of backups (docs/operations.md):
 *
 *   <dir>/blobs/sha256/ab/cd/<sha256>        stored bytes, content-addressed, shared by every backup
 *   <dir>/backups/<id>/backup.json           the manifest, written last: a backup without one is incomplete
 *   <dir>/backups/<id>/database/<nn>-<table>.copy.gz   each table as COPY text, in dependency order
 *   <dir>/backups/<id>/blobs.txt.gz          the blob keys the database references, one a line
 *   <dir>/backups/<id>/secrets/<file>        DATA_DIR's generated secrets (encryption key, ...)
 */
export const MANIFEST_FILE = "backup.json";
export const BACKUP_FORMAT = "mail-archive-backup/1";

export const blobsDirectory = (root: string) => path.join(root, "blobs");
export const backupsDirectory = (root: string) => path.join(root, "backups");

/** Secrets a process generates into DATA_DIR when no environment variable provides them (docs/configuration.md). */
export const DATA_DIR_SECRETS = ["encryption.key", ".auth-secret", "export-signing-key.pem"] as const;

const fileEntry = z.object({ path: z.string(), bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export const backupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  id: z.string(),
  startedAt: z.string(),
  /** The moment the database is consistent as of (the snapshot's now()). */
  snapshotAt: z.string(),
  finishedAt: z.string(),
  migrations: z.array(z.string()),
  counts: z.object({
    emails: z.number(),
    attachments: z.number(),
    legalHolds: z.number(),
    auditEntries: z.number(),
    blobs: z.number(),
    blobsCopied: z.number(),
    blobBytesCopied: z.number(),
  }),
  auditHead: z.object({ id: z.number().nullable(), currentHash: z.string().nullable() }),
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()), rows: z.number(), file: z.string() })),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
  blobList: z.string(),
  secrets: z.array(z.string()),
  /** Every file of this backup besides the blobs, whose names are their SHA-256 (listed in blobList). */
  files: z.array(fileEntry),
});
export type BackupManifest = z.infer<typeof backupManifest>;

/** `2026-11-25T01-30-05.123Z`: sorts by time, valid as a directory name everywhere. */
export function backupIdFor(time: Date): string {
  return time.toISOString().replace(/:/g, "-");
}

/** The newest complete backup under `root` (or `root` itself when it is one backup's directory). */
export async function findLatestBackup(root: string): Promise<{ directory: string; root: string; manifest: BackupManifest }> {
  const own = await readManifest(root).catch(() => null);
  if (own) return { directory: root, root: path.dirname(path.dirname(root)), manifest: own };
  const ids = (await readdir(backupsDirectory(root)).catch(() => [] as string[])).sort().reverse();
  for (const id of ids) {
    const directory = path.join(backupsDirectory(root), id);
    const manifest = await readManifest(directory).catch(() => null);
    if (manifest) return { directory, root, manifest };
  }
  throw new Error(`No complete backup (with ${MANIFEST_FILE}) in ${root}`);
}

async function readManifest(directory: string): Promise<BackupManifest> {
  return backupManifest.parse(JSON.parse(await readFile(path.join(directory, MANIFEST_FILE), "utf8")));
}
