import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { BlockCompression } from "../platform/files/parallel-compression";
import type { CopyFormat } from "./installation.queries";

/**
 * A backup directory holds any number of backups (docs/operations.md):
 *
 *   <dir>/blobs/sha256/ab/cd/<sha256>        stored bytes, content-addressed, shared by every backup
 *   <dir>/backups/<id>/backup.json           the manifest (authenticated), written last: a backup without one is incomplete
 *   <dir>/backups/<id>/database/<nn>-<table>.copy.br.sealed   each table as COPY (tableCopyFormat), compressed (TABLE_COMPRESSION), sealed (backup-cipher.ts)
 *   <dir>/backups/<id>/blobs.txt.gz.sealed   the blob keys the database references, one a line, gzipped, sealed
 *
 * No key is in it in clear: the credentials key only wrapped (in the manifest), the session secret,
 * the signing key and the storage key not at all.
 */
export const MANIFEST_FILE = "backup.json";
export const BACKUP_FORMAT = "mail-archive-backup/2";

/**
 * The COPY format a backup writes a table in: binary, PostgreSQL's own form of each value, which
 * every PostgreSQL version this service runs on reads (the tables hold built-in types only);
 * except `storage_data_keys`, whose wrapped keys restore reads itself before it loads any table.
 * In text, `archived_emails`'s search vectors cost PostgreSQL about three times their binary form
 * and are twice the bytes to compress (docs/benchmarks.md, "Storage").
 */
export const tableCopyFormat = (table: string): CopyFormat => (table === "storage_data_keys" ? "text" : "binary");

/**
 * How a backup compresses its tables' files (parallel-compression.ts): brotli at quality 1 compresses
 * a dump 2-2.5x as fast as gzip at level 1, and smaller. Backups written before it hold gzip
 * (`.copy.gz.sealed`); the restore reads either, as the manifest says.
 */
export const TABLE_COMPRESSION: BlockCompression = "brotli-frames";

/** The target already holds data, a key is missing, or the backup cannot be restored by this version: nothing was written. */
export class RestoreRefusedError extends Error {}

/** A sealed file's associated context: the backup and the file's path within it. */
export const sealedFileContext = (backupId: string, file: string) => `${BACKUP_FORMAT} ${backupId} ${file}`;

export const blobsDirectory = (root: string) => path.join(root, "blobs");
export const backupsDirectory = (root: string) => path.join(root, "backups");

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
  tables: z.array(
    z.object({
      name: z.string(),
      columns: z.array(z.string()),
      rows: z.number(),
      file: z.string(),
      /** The table's COPY format (tableCopyFormat); backups written before it was recorded hold text. */
      copyFormat: z.enum(["text", "binary"]).default("text"),
      /** How the table's file is compressed (TABLE_COMPRESSION); backups written before it was recorded are gzip. */
      compression: z.enum(["gzip", "brotli-frames"]).default("gzip"),
    }),
  ),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
  blobList: z.string(),
  encryption: z.object({
    algorithm: z.literal("AES-256-GCM"),
    segmentBytes: z.number().int().positive(),
    keyDerivation: z.literal("HKDF-SHA256"),
    /** Base64; the keys are derived from the storage key with it. */
    salt: z.string(),
    /** The storage key the backup opens with (its fingerprint, as `check` and the start-up name it). */
    storageKeyFingerprint: z.string(),
  }),
  keys: z.object({
    /** The key of stored credentials (ENCRYPTION_KEY or DATA_DIR/encryption.key); wrapped only when it came from the file. */
    credentialsKey: z
      .object({ source: z.enum(["ENCRYPTION_KEY", "encryption.key"]), fingerprint: z.string(), wrapped: z.string().nullable() })
      .nullable(),
    /** The public half (SPKI PEM) of the installation's signing key; the private key is never in a backup. */
    signingPublicKey: z.string().nullable(),
    /** A keyed HMAC of the session secret (backup-cipher.ts sessionSecretTag): the secret itself is never in a backup. */
    sessionSecretTag: z.string().nullable(),
  }),
  /** Every file of this backup besides the blobs, whose names are their SHA-256 (listed in blobList). */
  files: z.array(fileEntry),
  /** HMAC-SHA256 of the manifest's other fields under a key derived from the storage key (backup-cipher.ts). */
  authentication: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupManifest = z.infer<typeof backupManifest>;

/** `2026-11-25T01-30-05.123Z`: sorts by time, valid as a directory name everywhere. */
export function backupIdFor(time: Date): string {
  return time.toISOString().replace(/:/g, "-");
}

/** The newest complete backup under `root` (or `root` itself when it is one backup's directory). */
export async function findLatestBackup(root: string): Promise<FoundBackup> {
  const own = await readManifest(root).catch(unlessRefused);
  if (own) return { directory: root, root: path.dirname(path.dirname(root)), ...own };
  const ids = (await readdir(backupsDirectory(root)).catch(() => [] as string[])).sort().reverse();
  for (const id of ids) {
    const directory = path.join(backupsDirectory(root), id);
    const found = await readManifest(directory).catch(unlessRefused);
    if (found) return { directory, root, ...found };
  }
  throw new Error(`No complete backup (with ${MANIFEST_FILE}) in ${root}`);
}

export interface FoundBackup {
  directory: string;
  root: string;
  manifest: BackupManifest;
  /** The text `authentication` covers (manifestText). */
  authenticatedText: string;
}

/** The text a manifest's `authentication` covers: its JSON without that field, keys in the order written. */
export const manifestText = (fields: Record<string, unknown>) => JSON.stringify(fields);

const unlessRefused = (error: unknown) => {
  if (error instanceof RestoreRefusedError) throw error;
  return null;
};

async function readManifest(directory: string): Promise<Omit<FoundBackup, "directory" | "root">> {
  const raw = JSON.parse(await readFile(path.join(directory, MANIFEST_FILE), "utf8")) as Record<string, unknown>;
  if (typeof raw.format === "string" && raw.format !== BACKUP_FORMAT && raw.format.startsWith("mail-archive-backup/"))
    throw new RestoreRefusedError(
      `The backup in ${directory} has the format ${raw.format}, which this version does not restore: ` +
        `backups before ${BACKUP_FORMAT} held the keys and the mail text in clear. Restore it with the version that took it, ` +
        `take a new backup there, and destroy the old one (docs/operations.md, "Restore, step by step").`,
    );
  const { authentication: _authentication, ...fields } = raw;
  return { manifest: backupManifest.parse(raw), authenticatedText: manifestText(fields) };
}
