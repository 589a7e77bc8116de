import { createReadStream } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { config, dataDir } from "../platform/config/env";
import { ENCRYPTION_KEY_FILE_NAME, existingEncryptionKey } from "../platform/config/encryption";
import { existingSecret, fingerprintOfSecret, secretFromEnvOrDataDir, SESSION_SECRET_FILE_NAME } from "../platform/config/secrets";
import { transaction } from "../platform/db/client";
import {
  existingSigningPublicKey,
  installationPublicKey,
  publicKeyFingerprint,
  SIGNING_KEY_FILE_NAME,
} from "../platform/signing/installation-signing-key";
import { appendAuditEntry, systemActor, type AuditActor } from "../audit/append-audit-entry";
import { applyMigrations, migrationPaths, readMigrationsList } from "../platform/db/migrations";
import { decompression, type BlockCompression } from "../platform/files/parallel-compression";
import { beginTransaction, commitTransaction, rollbackTransaction } from "../platform/db/dedicated-transaction";
import { connectDedicatedPgClient } from "../platform/db/pg-pool";
import { blobStore } from "../archive/storage/blob-store-factory";
import { DataKeyring, type WrappedDataKey } from "../archive/storage/data-keyring";
import { SealedBlobStore } from "../archive/storage/sealed-blob-store";
import { installationStorageKey, missingGeneratedKeyFile, type StorageKey } from "../archive/storage/storage-key";
import { makePrivateDataDirectory, writePrivateFile } from "../platform/files/private-files";
import {
  blobsDirectory,
  findLatestBackup,
  MANIFEST_FILE,
  RestoreRefusedError,
  sealedFileContext,
  type BackupManifest,
} from "./backup-layout";
import {
  BackupDamagedError,
  deriveBackupKeys,
  macMatches,
  openingStream,
  sessionSecretTag,
  unwrapFromBackup,
  type BackupKeys,
} from "./backup-cipher";
import { forEachConcurrently } from "../platform/concurrency/for-each-concurrently";
import { assertOpensToName } from "./copy-blob-to-backup";
import {
  copyTableIn,
  deleteAllRows,
  selectRecordedMigrations,
  setSequenceValue,
  setUserTriggers,
  tableHasRows,
} from "./installation.queries";
import { hashFile } from "./hashed-file";

export { RestoreRefusedError };

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
  /** kept: the handed-over key is the backup's; replaced: a new one, audited (--new-signing-key); none: the backup had none. */
  signingKey: "kept" | "replaced" | "none";
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
 * The keys come first: every key the backup needs is named at once, and nothing is written without
 * them (requiredKeys). The session secret is never restored: the new installation makes its own.
 */
export async function restoreBackup(options: {
  from: string;
  databaseUrl: string;
  /** Make a new signing key when the backup's is not handed over (recorded in the audit log). */
  newSigningKey?: boolean;
  actor?: AuditActor;
  log?: (message: string) => void;
  onProgress?: (progress: RestoreProgress) => void;
}): Promise<RestoreSummary> {
  const log = options.log ?? (() => undefined);
  const backup = await findLatestBackup(options.from);
  const { manifest, directory } = backup;
  log(`restoring backup ${manifest.id} (consistent as of ${manifest.snapshotAt})`);
  const storageKey = requiredKeys(manifest, options.newSigningKey === true);
  const keys = deriveBackupKeys(storageKey.key, Buffer.from(manifest.encryption.salt, "base64"));
  if (!macMatches(keys.manifest, backup.authenticatedText, manifest.authentication))
    throw new BackupDamagedError(`The backup is damaged: ${MANIFEST_FILE} was altered (its authentication does not match)`);
  await verifyBackupFiles(directory, manifest);
  await refuseUnknownMigrations(manifest);
  const oldSessionSecretFile = refuseOldSessionSecret(manifest, keys);
  const credentialsKey = openCredentialsKey(manifest, keys);
  // The backup's blobs are sealed under its data keys, which only the storage key opens.
  const keyring = new DataKeyring(storageKey);
  keyring.adopt(await readBackedUpDataKeys(directory, manifest, keys));
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
      openSealed(directory, manifest, keys, manifest.blobList, "gzip"),
      manifest.counts.blobs,
      options.onProgress,
    );
    const rows = await restoreRows(client, directory, manifest, keys);
    if (credentialsKey) await writeCredentialsKey(credentialsKey);
    await makeSessionSecret(oldSessionSecretFile, log);
    await applyMigrations(options.databaseUrl, log);
    const signingKey = await settleSigningKey(manifest, options.actor ?? systemActor("restore"), log);
    return { backupId: manifest.id, snapshotAt: manifest.snapshotAt, rows, blobs, auditHead: manifest.auditHead, signingKey };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The keys the backup needs, checked before anything is read or written: the storage key it was
 * taken under, the credentials key when it came from ENCRYPTION_KEY (a generated one is in the
 * backup, wrapped), and the signing key unless a new one is asked for. Refuses naming every missing
 * or different key and where to put it; answers the storage key.
 */
function requiredKeys(manifest: BackupManifest, newSigningKey: boolean): StorageKey {
  const problems: string[] = [];
  const storageKey = configuredStorageKey(manifest.encryption.storageKeyFingerprint, problems);
  const credentials = manifest.keys.credentialsKey;
  const present = existingEncryptionKey();
  const presentAt = present?.source === "ENCRYPTION_KEY" ? "ENCRYPTION_KEY" : path.join(dataDir(), ENCRYPTION_KEY_FILE_NAME);
  if (credentials && present && fingerprintOfSecret("ENCRYPTION_KEY", present.value) !== credentials.fingerprint)
    problems.push(
      `the credentials key with fingerprint ${credentials.fingerprint}: ${presentAt} holds another key ` +
        `(fingerprint ${fingerprintOfSecret("ENCRYPTION_KEY", present.value)}); ` +
        (credentials.wrapped
          ? `remove it: the backup carries its own, wrapped`
          : `set ENCRYPTION_KEY to the value the backed-up installation had`),
    );
  else if (credentials && !present && !credentials.wrapped)
    problems.push(
      `the credentials key (fingerprint ${credentials.fingerprint}), which the backed-up installation took from ENCRYPTION_KEY: ` +
        `set ENCRYPTION_KEY to that value, or put it in ${path.join(dataDir(), ENCRYPTION_KEY_FILE_NAME)} (mode 0600)`,
    );
  const signing = manifest.keys.signingPublicKey;
  const handedOver = handedOverSigningKey(problems);
  if (signing && handedOver !== undefined && handedOver !== signing && !newSigningKey) {
    const where = config.exportSigningKey ? "EXPORT_SIGNING_KEY" : path.join(dataDir(), SIGNING_KEY_FILE_NAME);
    problems.push(
      `the export signing key (Ed25519, public key ${publicKeyFingerprint(signing)}): ` +
        (handedOver ? `${where} holds another key (public key ${publicKeyFingerprint(handedOver)}); put` : "put") +
        ` the backed-up installation's ${SIGNING_KEY_FILE_NAME} at ${path.join(dataDir(), SIGNING_KEY_FILE_NAME)} (mode 0600)` +
        ` or set EXPORT_SIGNING_KEY to it, so that earlier productions and receipts still verify; or pass --new-signing-key` +
        ` to make a new one (recorded in the audit log; earlier evidence then verifies only against the old public key)`,
    );
  }
  if (problems.length > 0 || !storageKey)
    throw new RestoreRefusedError(
      `Restoring backup ${manifest.id} needs keys it does not hold; nothing was written:\n` +
        problems.map((problem) => `  - ${problem}`).join("\n") +
        `\n(docs/operations.md, "Restore, step by step")`,
    );
  return storageKey;
}

function configuredStorageKey(wanted: string, problems: string[]): StorageKey | null {
  const missing = missingGeneratedKeyFile();
  if (missing) {
    problems.push(
      `the storage key (fingerprint ${wanted}): restoring it needs the installation's storage key: set STORAGE_KEY or ` +
        `STORAGE_KEY_FILE, or put the key file at ${missing} (mode 0600)`,
    );
    return null;
  }
  try {
    const storageKey = installationStorageKey();
    if (storageKey.fingerprint === wanted) return storageKey;
    problems.push(
      `the storage key with fingerprint ${wanted}: the configured one (${storageKey.source}) has fingerprint ` +
        `${storageKey.fingerprint}; set STORAGE_KEY or STORAGE_KEY_FILE to the key the backup was taken under`,
    );
  } catch (error) {
    problems.push(`the storage key (fingerprint ${wanted}): ${(error as Error).message}`);
  }
  return null;
}

/** The public half of the signing key handed over (EXPORT_SIGNING_KEY or DATA_DIR's file); null: none; undefined: unreadable. */
function handedOverSigningKey(problems: string[]): string | null | undefined {
  try {
    return existingSigningPublicKey();
  } catch (error) {
    problems.push(`the export signing key: the one handed over does not load (${(error as Error).message})`);
    return undefined;
  }
}

/** The backup's wrapped credentials key, opened; null when the backup carries none (ENCRYPTION_KEY, checked by requiredKeys). */
function openCredentialsKey(manifest: BackupManifest, keys: BackupKeys): string | null {
  const wrapped = manifest.keys.credentialsKey?.wrapped;
  if (!wrapped) return null;
  const context = sealedFileContext(manifest.id, "keys/encryption.key");
  return unwrapFromBackup(keys.wrapping, context, wrapped, "credentials key").toString("utf8");
}

/** Writes the credentials key into the new DATA_DIR, unless the same key is there already (requiredKeys checked that). */
async function writeCredentialsKey(value: string): Promise<void> {
  if (existingEncryptionKey()) return;
  makePrivateDataDirectory();
  await writePrivateFile(path.join(dataDir(), ENCRYPTION_KEY_FILE_NAME), `${value}\n`, { flag: "wx", flush: true });
}

/**
 * The restored installation must not sign sessions with the backed-up one's secret, or those sessions
 * would go on: refuses an AUTH_SECRET that is that secret; answers true when DATA_DIR holds it (a copied
 * file), which makeSessionSecret then replaces.
 */
function refuseOldSessionSecret(manifest: BackupManifest, keys: BackupKeys): boolean {
  const current = existingSecret("AUTH_SECRET");
  const tag = manifest.keys.sessionSecretTag;
  if (!current || !tag || sessionSecretTag(keys, current.value) !== tag) return false;
  if (current.fromEnv)
    throw new RestoreRefusedError(
      `AUTH_SECRET is the backed-up installation's session secret: set a new value (e.g. openssl rand -base64 32), ` +
        `so that the sessions and tokens of that installation end (docs/operations.md, "Restore, step by step").`,
    );
  return true;
}

/** A new session secret for the restored installation (unless AUTH_SECRET sets one): every session of the backed-up one ends. */
async function makeSessionSecret(replaceOld: boolean, log: (message: string) => void): Promise<void> {
  if (replaceOld) {
    await rm(path.join(dataDir(), SESSION_SECRET_FILE_NAME));
    log(`${path.join(dataDir(), SESSION_SECRET_FILE_NAME)} was the backed-up installation's session secret: replaced`);
  }
  secretFromEnvOrDataDir("AUTH_SECRET");
}

/**
 * Keeps the backed-up signing identity when its key was handed over; otherwise (--new-signing-key,
 * checked by requiredKeys) makes or takes the new one and records the rotation in the audit log,
 * with both public keys, so earlier evidence can still be checked against the old one.
 */
async function settleSigningKey(
  manifest: BackupManifest,
  actor: AuditActor,
  log: (message: string) => void,
): Promise<RestoreSummary["signingKey"]> {
  const old = manifest.keys.signingPublicKey;
  if (!old) return "none";
  const current = installationPublicKey().publicKey;
  if (current === old) return "kept";
  await transaction((tx) =>
    appendAuditEntry(tx, {
      actor,
      actionType: "UPDATE",
      targetType: "Settings",
      targetId: "export-signing-key",
      details: {
        change: "export signing key replaced on restore",
        backupId: manifest.id,
        oldPublicKey: old,
        oldFingerprint: publicKeyFingerprint(old),
        newPublicKey: current,
        newFingerprint: publicKeyFingerprint(current),
      },
    }),
  );
  log(`new export signing key ${publicKeyFingerprint(current)} (was ${publicKeyFingerprint(old)}): publish the new public key`);
  return "replaced";
}

/** A sealed file of the backup, opened and decompressed (a stream that errors loudly on any altered byte). */
function openSealed(directory: string, manifest: BackupManifest, keys: BackupKeys, file: string, compression: BlockCompression): Readable {
  const opened = createReadStream(path.join(directory, file)).pipe(openingStream(keys.files, sealedFileContext(manifest.id, file), file));
  const decompressed = decompression(compression);
  opened.on("error", (error) => decompressed.destroy(error));
  return opened.pipe(decompressed);
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

/**
 * The backup's wrapped data keys, read from its copy of `storage_data_keys` (COPY text format; a
 * backup of a version before storage encryption has none).
 */
async function readBackedUpDataKeys(directory: string, manifest: BackupManifest, keys: BackupKeys): Promise<WrappedDataKey[]> {
  const table = manifest.tables.find((candidate) => candidate.name === "storage_data_keys");
  if (!table) return [];
  if (table.copyFormat !== "text") throw new Error(`The backup's storage_data_keys is in COPY ${table.copyFormat} format, not text`);
  const column = (name: string) => table.columns.indexOf(name);
  const [id, wrapped, fingerprint] = [column("id"), column("wrapped"), column("key_fingerprint")];
  const rows: WrappedDataKey[] = [];
  const lines = createInterface({ input: openSealed(directory, manifest, keys, table.file, table.compression), crlfDelay: Infinity });
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
  list: Readable,
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
  for await (const key of createInterface({ input: list, crlfDelay: Infinity })) {
    if (key === "") continue;
    batch.push(key);
    if (batch.length >= BLOB_BATCH) await flush();
  }
  await flush();
  return done;
}

/** Loads every table in one transaction; answers the number of rows. */
async function restoreRows(client: pg.Client, directory: string, manifest: BackupManifest, keys: BackupKeys): Promise<number> {
  let rows = 0;
  await beginTransaction(client, "read-write");
  try {
    for (const { name } of manifest.tables) await setUserTriggers(client, name, false);
    for (const name of TABLES_ALLOWED_FILLED) await deleteAllRows(client, name);
    for (const table of manifest.tables) {
      const copy = copyTableIn(client, table, table.copyFormat);
      await pipeline(
        createReadStream(path.join(directory, table.file)),
        openingStream(keys.files, sealedFileContext(manifest.id, table.file), table.file),
        decompression(table.compression),
        copy,
      );
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
