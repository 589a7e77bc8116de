import { rm } from "node:fs/promises";
import path from "node:path";
import { PassThrough, type Transform } from "node:stream";
import type pg from "pg";
import { config } from "../platform/config/env";
import { existingEncryptionKey } from "../platform/config/encryption";
import { existingSecret, fingerprintOfSecret } from "../platform/config/secrets";
import { existingSigningPublicKey } from "../platform/signing/installation-signing-key";
import { beginTransaction, commitTransaction, exportSnapshot, rollbackTransaction } from "../platform/db/dedicated-transaction";
import { beginSnapshotReader } from "../platform/db/snapshot-reader";
import { connectDedicatedPgClient } from "../platform/db/pg-pool";
import { blobStore, defaultBlobReadConcurrency } from "../archive/storage/blob-store-factory";
import { makePrivateDirectory } from "../platform/files/private-files";
import { installationStorageKey } from "../archive/storage/storage-key";
import { pauseBlobDeletions } from "../archive/storage/storage.queries";
import {
  backupIdFor,
  backupsDirectory,
  blobsDirectory,
  BACKUP_FORMAT,
  MANIFEST_FILE,
  manifestText,
  sealedFileContext,
  TABLE_COMPRESSION,
  tableCopyFormat,
  type BackupManifest,
} from "./backup-layout";
import {
  deriveBackupKeys,
  manifestMac,
  newBackupSalt,
  sealingStream,
  SEGMENT_BYTES,
  sessionSecretTag,
  wrapForBackup,
  type BackupKeys,
} from "./backup-cipher";
import { forEachConcurrently } from "../platform/concurrency/for-each-concurrently";
import { runTogether } from "../platform/concurrency/run-together";
import { BackupBlobDirectory, copyBlobToBackup } from "./copy-blob-to-backup";
import { defaultCopierThreads, startBlobCopiers } from "./backup-blob-copiers";
import { tablesInDependencyOrder } from "./database-tables";
import {
  copyTableOut,
  type CopyFormat,
  declareReferencedBlobsCursor,
  fetchReferencedBlobs,
  selectFinishedMigrations,
  selectSequenceNames,
  selectSequenceValue,
  selectSnapshotMoment,
} from "./installation.queries";
import type { BlockCompression } from "../platform/files/parallel-compression";
import { writeFileAtomically, writeSealedCompressedFile } from "./hashed-file";

export interface BackupProgress {
  blobsDone: number;
  /** Upper bound: emails plus attachments (several rows can share one blob). */
  blobsExpected: number;
}

const BLOB_BATCH = 1000;

interface TableEncoding {
  copyFormat: (table: string) => CopyFormat;
  compression: BlockCompression;
}

const DEFAULT_TABLE_ENCODING: TableEncoding = { copyFormat: tableCopyFormat, compression: TABLE_COMPRESSION };

/**
 * An online backup into `to` (docs/operations.md): every table read in one REPEATABLE READ READ
 * ONLY transaction, so the rows are consistent as of one moment while the service keeps writing,
 * then the blobs that snapshot references. Deletions of stored bytes wait until the blobs are
 * copied (pauseBlobDeletions), so every referenced blob is still there to copy. Every file but the
 * manifest is sealed under keys derived from the storage key (backup-cipher.ts), the blobs stay
 * sealed as stored, and no key is written in clear (docs/operations.md, "What a stolen backup reveals").
 */
export async function createBackup(options: {
  to: string;
  /** On S3 the blob reads in flight (default 16); on the local store the copier threads (default one a core, at most four). */
  concurrency?: number;
  onProgress?: (progress: BackupProgress) => void;
  /**
   * How the tables are written (default: tableCopyFormat and TABLE_COMPRESSION); tests write them as
   * backups before those were: COPY text, gzip.
   */
  tableEncoding?: TableEncoding;
}): Promise<BackupManifest> {
  const startedAt = new Date();
  const id = backupIdFor(startedAt);
  const directory = path.join(backupsDirectory(options.to), id);
  // Everything a backup writes is private (0700 directories, 0600 files): it holds every email and the users' credentials.
  for (const own of [backupsDirectory(options.to), directory, path.join(directory, "database"), blobsDirectory(options.to)])
    await makePrivateDirectory(own);
  const storageKey = installationStorageKey();
  const salt = newBackupSalt();
  const keys = deriveBackupKeys(storageKey.key, salt);
  const seal = (file: string) => sealingStream(keys.files, sealedFileContext(id, file));
  const { client } = await connectDedicatedPgClient();
  let tablesClient: pg.Client | undefined;
  try {
    await pauseBlobDeletions(client);
    await beginTransaction(client, "read-only-snapshot");
    const snapshot = await readSnapshotFacts(client);
    // The tables are dumped on a second connection reading the same snapshot while this one walks
    // the blobs: PostgreSQL's COPY and gzip on one side, reading, opening and writing the blobs on
    // the other, each with a core (docs/benchmarks.md, "Storage").
    tablesClient = (await connectDedicatedPgClient()).client;
    await beginSnapshotReader(tablesClient, await exportSnapshot(client));
    const blobList = "blobs.txt.gz.sealed";
    const [database, blobs] = await runTogether(
      (signal) => dumpTables({ client: tablesClient!, directory, seal, signal, encoding: options.tableEncoding ?? DEFAULT_TABLE_ENCODING }),
      (signal) =>
        copyReferencedBlobs({
          client,
          seal: seal(blobList),
          blobsRoot: blobsDirectory(options.to),
          listFile: path.join(directory, blobList),
          concurrency: options.concurrency,
          signal,
          onProgress: (blobsDone) => options.onProgress?.({ blobsDone, blobsExpected: snapshot.referencingRows }),
        }),
    );
    const { tables } = database;
    const files: BackupManifest["files"] = [...database.files, { path: blobList, ...blobs.listFile }];
    await commitTransaction(client);
    const rowsOf = (name: string) => tables.find((table) => table.name === name)?.rows ?? 0;
    const sessionSecret = existingSecret("AUTH_SECRET");
    const fields: Omit<BackupManifest, "authentication"> = {
      format: BACKUP_FORMAT,
      id,
      startedAt: startedAt.toISOString(),
      snapshotAt: snapshot.snapshotAt,
      finishedAt: new Date().toISOString(),
      migrations: snapshot.migrations,
      counts: {
        emails: rowsOf("archived_emails"),
        attachments: rowsOf("attachments"),
        legalHolds: rowsOf("legal_holds"),
        auditEntries: rowsOf("audit_logs"),
        blobs: blobs.listed,
        blobsCopied: blobs.copied,
        blobBytesCopied: blobs.bytes,
      },
      auditHead: snapshot.auditHead,
      tables,
      sequences: snapshot.sequences,
      blobList,
      encryption: {
        algorithm: "AES-256-GCM",
        segmentBytes: SEGMENT_BYTES,
        keyDerivation: "HKDF-SHA256",
        salt: salt.toString("base64"),
        storageKeyFingerprint: storageKey.fingerprint,
      },
      keys: {
        credentialsKey: credentialsKeyEntry(id, keys),
        signingPublicKey: existingSigningPublicKey(),
        sessionSecretTag: sessionSecret ? sessionSecretTag(keys, sessionSecret.value) : null,
      },
      files,
    };
    const manifest: BackupManifest = { ...fields, authentication: manifestMac(keys.manifest, manifestText(fields)) };
    await writeFileAtomically(path.join(directory, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } catch (error) {
    // Blobs already copied stay: they are whole files, and the next backup will not copy them again.
    await rm(directory, { recursive: true, force: true });
    throw error;
  } finally {
    await rollbackTransaction(client);
    await client.end().catch(() => undefined);
    await tablesClient?.end().catch(() => undefined);
  }
}

/** Every table in dependency order, each into a sealed file of its own, read on `client` (in the backup's snapshot). */
async function dumpTables(options: {
  client: pg.Client;
  directory: string;
  seal: (file: string) => Transform;
  signal: AbortSignal;
  encoding: TableEncoding;
}) {
  const files: BackupManifest["files"] = [];
  const tables: BackupManifest["tables"] = [];
  for (const [index, table] of (await tablesInDependencyOrder(options.client)).entries()) {
    options.signal.throwIfAborted();
    const { compression } = options.encoding;
    const file = `database/${String(index).padStart(2, "0")}-${table.name}.copy.${compression === "gzip" ? "gz" : "br"}.sealed`;
    const copyFormat = options.encoding.copyFormat(table.name);
    const copy = copyTableOut(options.client, table, copyFormat);
    const written = await writeSealedCompressedFile(path.join(options.directory, file), copy, {
      compression,
      seal: options.seal(file),
      signal: options.signal,
    });
    files.push({ path: file, ...written });
    tables.push({ ...table, rows: copy.rowCount, file, copyFormat, compression });
  }
  return { files, tables };
}

/** Facts read inside the snapshot transaction (its first statement fixes the snapshot). */
async function readSnapshotFacts(client: pg.Client) {
  const row = await selectSnapshotMoment(client);
  const migrations = await selectFinishedMigrations(client);
  // Sequences are not transactional: their values are at least those the snapshot's rows used.
  const sequences: BackupManifest["sequences"] = [];
  for (const name of await selectSequenceNames(client)) sequences.push({ name, ...(await selectSequenceValue(client, name)) });
  return {
    snapshotAt: row.snapshot_at.toISOString(),
    referencingRows: row.referencing_rows,
    auditHead: { id: row.head_id === null ? null : Number(row.head_id), currentHash: row.head_hash },
    migrations,
    sequences,
  };
}

/**
 * Copies every blob the snapshot's emails and attachments reference, listing the keys as it goes:
 * from a local store on copier threads (backup-blob-copiers.ts), from S3 `concurrency` at once.
 */
async function copyReferencedBlobs(options: {
  client: pg.Client;
  blobsRoot: string;
  listFile: string;
  seal: Transform;
  concurrency: number | undefined;
  signal: AbortSignal;
  onProgress: (done: number) => void;
}) {
  const store = blobStore();
  const directory = new BackupBlobDirectory(options.blobsRoot);
  const threads = options.concurrency ?? defaultCopierThreads();
  const { backend, dir } = config.storage;
  const copiers = backend === "local" ? await startBlobCopiers(store, { storageDir: dir, blobsRoot: options.blobsRoot }, threads) : null;
  const concurrency = options.concurrency ?? defaultBlobReadConcurrency(store.inner);
  const list = new PassThrough();
  const listWritten = writeSealedCompressedFile(options.listFile, list, { compression: "gzip", seal: options.seal });
  const totals = { listed: 0, copied: 0, bytes: 0 };
  const count = (bytes: number) => {
    if (bytes === 0) return;
    totals.copied++;
    totals.bytes += bytes;
  };
  const copyHere = (keys: string[]) =>
    forEachConcurrently(keys, concurrency, async (key) => count(await copyBlobToBackup({ store, key, directory })));
  try {
    await declareReferencedBlobsCursor(options.client);
    for (;;) {
      options.signal.throwIfAborted();
      const keys = (await fetchReferencedBlobs(options.client, BLOB_BATCH)).map((row) => row.key);
      if (copiers) {
        const done = await copiers.copy(keys);
        totals.copied += done.copied;
        totals.bytes += done.bytes;
        // Blobs that did not open on the threads: checked here, where a missing data key is loaded and damage named.
        await copyHere(done.unopened);
      } else await copyHere(keys);
      if (keys.length > 0 && !list.write(keys.map((key) => `${key}\n`).join("")))
        await new Promise((resolve) => list.once("drain", resolve));
      totals.listed += keys.length;
      options.onProgress(totals.listed);
      if (keys.length < BLOB_BATCH) break;
    }
  } finally {
    list.end();
    await copiers?.close();
  }
  return { ...totals, listFile: await listWritten };
}

/**
 * The credentials key, which the restored sources' passwords and client secrets need: a generated
 * one (DATA_DIR/encryption.key) travels wrapped under the backup's key; one from ENCRYPTION_KEY is
 * the operator's configuration and only named by its fingerprint.
 */
function credentialsKeyEntry(id: string, keys: BackupKeys): BackupManifest["keys"]["credentialsKey"] {
  const existing = existingEncryptionKey();
  if (!existing) return null;
  const wrapped =
    existing.source === "encryption.key"
      ? wrapForBackup(keys.wrapping, sealedFileContext(id, "keys/encryption.key"), Buffer.from(existing.value, "utf8"))
      : null;
  return { source: existing.source, fingerprint: fingerprintOfSecret("ENCRYPTION_KEY", existing.value), wrapped };
}
