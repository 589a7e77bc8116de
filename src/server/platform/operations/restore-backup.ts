import { createReadStream, existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import type pg from "pg";
import { dataDir } from "../config/env";
import { applyMigrations, migrationPaths, readMigrationsList } from "../db/migrations";
import { beginTransaction, commitTransaction, rollbackTransaction } from "../db/dedicated-transaction";
import { connectDedicatedPgClient } from "../db/pg-pool";
import { blobStore } from "../../archive/storage/blob-store-factory";
import { DataKeyring, type WrappedDataKey } from "../../archive/storage/data-keyring";
import { SealedBlobStore } from "../../archive/storage/sealed-blob-store";
import { installationStorageKey, missingGeneratedKeyFile, StorageKeyError } from "../../archive/storage/storage-key";
import { copyPrivateFile, makePrivateDataDirectory } from "../../archive/storage/private-files";
import { blobsDirectory, findLatestBackup, type BackupManifest } from "./backup-layout";
import { forEachConcurrently } from "../concurrency/for-each-concurrently";
import { assertOpensToName } from "./copy-blob-to-backup";
import {
  copyTableIn,
  deleteAllRows,
  selectRecordedMigrations,
  setSequenceValue,
  setUserTriggers,
  tableHasRows,
} from "./operations.queries";
import { hashFile } from "./hashed-file";

/** The target already holds data: a restore never merges into or overwrites an installation. */
export class RestoreRefusedError extends Error {}

export interface RestoreProgress {
  blobsDone: number;
  blobsTotal: number;
}

export interface RestoreSummary {
  backupId: string;
  snapshotAt: string;
  rows: number;
  blobs: number;
  auditHead: BackupManifest["auditHead"];
}

const BLOB_BATCH = 1000;
const BLOB_COPY_CONCURRENCY = 8;
/** Predefined roles are created by any start of the service; a target holding only those counts as empty. */
const TABLES_ALLOWED_FILLED = new Set(["roles"]);

/**
 * Restores the newest backup under `from` (or the backup directory `from` names) into the empty
 * database of DATABASE_URL and the empty configured blob store (docs/operations.md): the schema the
 * backup was taken with (its migrations), then every row exactly as backed up, in one transaction
 * with the tables' triggers off (the rows already carry the audit chain and the kept counts; firing
 * the count triggers would count every email twice), the sequences, and then any newer migrations.
 */
export async function restoreBackup(options: {
  from: string;
  databaseUrl: string;
  log?: (message: string) => void;
  onProgress?: (progress: RestoreProgress) => void;
}): Promise<RestoreSummary> {
  const log = options.log ?? (() => undefined);
  const backup = await findLatestBackup(options.from);
  const { manifest, directory } = backup;
  log(`restoring backup ${manifest.id} (consistent as of ${manifest.snapshotAt})`);
  await verifyBackupFiles(directory, manifest);
  await refuseUnknownMigrations(manifest);
  await refuseDifferentSecrets(directory, manifest);
  // The backup's blobs are sealed under its data keys, which only the installation's storage key
  // opens: a wrong or missing key stops the restore here, before anything is written.
  const dataKeys = await readBackedUpDataKeys(directory, manifest);
  const missing = missingGeneratedKeyFile();
  if (dataKeys.length > 0 && missing)
    throw new StorageKeyError(
      `The backup's mail is encrypted and restoring it needs the installation's storage key: set STORAGE_KEY or STORAGE_KEY_FILE, ` +
        `or put the key file at ${missing} (docs/operations.md, "Storage encryption").`,
    );
  const keyring = new DataKeyring(installationStorageKey());
  keyring.adopt(dataKeys);
  // A message skeleton's attachments are read from the backup: they may not be in the store yet.
  const fromBackup = { get: (key: string) => readFile(path.join(blobsDirectory(backup.root), key)) };
  const verifier = new SealedBlobStore(blobStore().inner, keyring, { encrypt: false, compress: false }, fromBackup);
  if (await blobStore().hasAnyBlob())
    throw new RestoreRefusedError(
      "The blob store is not empty: restore only into an empty store (a fresh DATA_DIR, STORAGE_DIR or S3 prefix).",
    );
  const { client } = await connectDedicatedPgClient();
  try {
    await refuseNewerSchema(client, manifest);
    await applyMigrations(options.databaseUrl, log, { only: manifest.migrations });
    await refuseFilledTables(client, manifest);
    const blobs = await restoreBlobs(
      verifier,
      backup.root,
      path.join(directory, manifest.blobList),
      manifest.counts.blobs,
      options.onProgress,
    );
    const rows = await restoreRows(client, directory, manifest);
    await restoreSecrets(directory, manifest);
    await applyMigrations(options.databaseUrl, log);
    return { backupId: manifest.id, snapshotAt: manifest.snapshotAt, rows, blobs, auditHead: manifest.auditHead };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function verifyBackupFiles(directory: string, manifest: BackupManifest): Promise<void> {
  for (const file of manifest.files) {
    const actual = await hashFile(path.join(directory, file.path)).catch(() => null);
    if (actual?.sha256 !== file.sha256)
      throw new Error(`The backup is damaged: ${file.path} is ${actual ? "altered" : "missing"} (its SHA-256 differs from backup.json)`);
  }
}

async function refuseUnknownMigrations(manifest: BackupManifest): Promise<void> {
  const known = new Set((await readMigrationsList(migrationPaths().migrationsDir)).migrationDirectories.map((directory) => directory.path));
  const unknown = manifest.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new RestoreRefusedError(
      `The backup was taken by a newer version of the service (migrations ${unknown.join(", ")}): restore it with that version.`,
    );
}

async function refuseNewerSchema(client: pg.Client, manifest: BackupManifest): Promise<void> {
  const applied = await selectRecordedMigrations(client);
  if (applied === null) return;
  const backedUp = new Set(manifest.migrations);
  const newer = applied.filter((name) => !backedUp.has(name));
  if (newer.length > 0) {
    throw new RestoreRefusedError(
      `The target database is not empty: it has migrations the backup lacks (${newer.join(", ")}). Restore into an empty database.`,
    );
  }
}

async function refuseFilledTables(client: pg.Client, manifest: BackupManifest): Promise<void> {
  const filled: string[] = [];
  for (const { name } of manifest.tables) {
    if (TABLES_ALLOWED_FILLED.has(name)) continue;
    if (await tableHasRows(client, name)) filled.push(name);
  }
  if (filled.length > 0)
    throw new RestoreRefusedError(`The target database is not empty (rows in ${filled.join(", ")}): restore only into an empty database.`);
}

async function refuseDifferentSecrets(directory: string, manifest: BackupManifest): Promise<void> {
  for (const secret of manifest.secrets) {
    const target = path.join(dataDir(), path.basename(secret));
    if (!existsSync(target)) continue;
    const [ours, theirs] = await Promise.all([readFile(target), readFile(path.join(directory, secret))]);
    if (!ours.equals(theirs)) {
      throw new RestoreRefusedError(
        `${target} differs from the backup's: the target DATA_DIR is not empty (restore into a fresh DATA_DIR).`,
      );
    }
  }
}

async function restoreSecrets(directory: string, manifest: BackupManifest): Promise<void> {
  for (const secret of manifest.secrets) {
    const target = path.join(dataDir(), path.basename(secret));
    if (existsSync(target)) continue;
    makePrivateDataDirectory();
    await copyPrivateFile(path.join(directory, secret), target, "wx");
  }
}

/**
 * The backup's wrapped data keys, read from its copy of `storage_data_keys` (COPY text format; a
 * backup of a version before storage encryption has none).
 */
async function readBackedUpDataKeys(directory: string, manifest: BackupManifest): Promise<WrappedDataKey[]> {
  const table = manifest.tables.find((candidate) => candidate.name === "storage_data_keys");
  if (!table) return [];
  const column = (name: string) => table.columns.indexOf(name);
  const [id, wrapped, fingerprint] = [column("id"), column("wrapped"), column("key_fingerprint")];
  const rows: WrappedDataKey[] = [];
  const lines = createInterface({ input: createReadStream(path.join(directory, table.file)).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === "" || line === "\\.") continue;
    const fields = line.split("\t");
    // bytea in COPY's text format: \x<hex>, its backslash doubled.
    const hex = fields[wrapped].replace(/^\\\\x/, "");
    rows.push({ id: fields[id], wrapped: Buffer.from(hex, "hex"), keyFingerprint: fields[fingerprint] });
  }
  return rows;
}

/** Puts every listed blob into the store as backed up (sealed), checking that each opens to its name on the way. */
async function restoreBlobs(
  verifier: SealedBlobStore,
  root: string,
  listFile: string,
  total: number,
  onProgress?: (progress: RestoreProgress) => void,
): Promise<number> {
  let done = 0;
  let batch: string[] = [];
  const flush = async () => {
    await forEachConcurrently(batch, BLOB_COPY_CONCURRENCY, async (key) => {
      const bytes = await readFile(path.join(blobsDirectory(root), key));
      await assertOpensToName(verifier, key, bytes);
      await verifier.inner.put({ key, bytes });
    });
    done += batch.length;
    batch = [];
    onProgress?.({ blobsDone: done, blobsTotal: total });
  };
  for await (const key of createInterface({ input: createReadStream(listFile).pipe(createGunzip()), crlfDelay: Infinity })) {
    if (key === "") continue;
    batch.push(key);
    if (batch.length >= BLOB_BATCH) await flush();
  }
  await flush();
  return done;
}

/** Loads every table in one transaction; answers the number of rows. */
async function restoreRows(client: pg.Client, directory: string, manifest: BackupManifest): Promise<number> {
  let rows = 0;
  await beginTransaction(client, "read-write");
  try {
    for (const { name } of manifest.tables) await setUserTriggers(client, name, false);
    for (const name of TABLES_ALLOWED_FILLED) await deleteAllRows(client, name);
    for (const table of manifest.tables) {
      const copy = copyTableIn(client, table);
      await pipeline(createReadStream(path.join(directory, table.file)), createGunzip(), copy);
      if (copy.rowCount !== table.rows) throw new Error(`${table.name}: loaded ${copy.rowCount} rows, the backup has ${table.rows}`);
      rows += copy.rowCount;
    }
    for (const sequence of manifest.sequences) await setSequenceValue(client, sequence);
    for (const { name } of manifest.tables) await setUserTriggers(client, name, true);
    await commitTransaction(client);
    return rows;
  } catch (error) {
    await rollbackTransaction(client);
    throw error;
  }
}
