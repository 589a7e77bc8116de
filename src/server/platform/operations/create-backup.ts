import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { PassThrough } from "node:stream";
import type pg from "pg";
import { dataDir } from "../config/env";
import { beginTransaction, commitTransaction, rollbackTransaction } from "../db/dedicated-transaction";
import { connectDedicatedPgClient } from "../db/pg-pool";
import { blobStore } from "../../archive/storage/blob-store-factory";
import { copyPrivateFile, makePrivateDirectory } from "../../archive/storage/private-files";
import { pauseBlobDeletions } from "../../archive/storage/storage.queries";
import {
  backupIdFor,
  backupsDirectory,
  blobsDirectory,
  BACKUP_FORMAT,
  DATA_DIR_SECRETS,
  MANIFEST_FILE,
  type BackupManifest,
} from "./backup-layout";
import { forEachConcurrently } from "../concurrency/for-each-concurrently";
import { copyBlobToBackup } from "./copy-blob-to-backup";
import { tablesInDependencyOrder } from "./database-tables";
import {
  copyTableOut,
  declareReferencedBlobsCursor,
  fetchReferencedBlobs,
  selectFinishedMigrations,
  selectSequenceNames,
  selectSequenceValue,
  selectSnapshotMoment,
} from "./operations.queries";
import { hashFile, writeFileAtomically, writeGzipFile } from "./hashed-file";

export interface BackupProgress {
  blobsDone: number;
  /** Upper bound: emails plus attachments (several rows can share one blob). */
  blobsExpected: number;
}

const BLOB_BATCH = 1000;
const BLOB_COPY_CONCURRENCY = 8;

/**
 * An online backup into `to` (docs/operations.md): every table read in one REPEATABLE READ READ
 * ONLY transaction, so the rows are consistent as of one moment while the service keeps writing,
 * then the blobs that snapshot references. Deletions of stored bytes wait until the blobs are
 * copied (pauseBlobDeletions), so every referenced blob is still there to copy.
 */
export async function createBackup(options: { to: string; onProgress?: (progress: BackupProgress) => void }): Promise<BackupManifest> {
  const startedAt = new Date();
  const id = backupIdFor(startedAt);
  const directory = path.join(backupsDirectory(options.to), id);
  // Everything a backup writes is private (0700 directories, 0600 files): it holds every email and the users' credentials.
  for (const own of [backupsDirectory(options.to), directory, path.join(directory, "database"), blobsDirectory(options.to)])
    await makePrivateDirectory(own);
  const { client } = await connectDedicatedPgClient();
  try {
    await pauseBlobDeletions(client);
    await beginTransaction(client, "read-only-snapshot");
    const files: BackupManifest["files"] = [];
    const snapshot = await readSnapshotFacts(client);
    const tables: BackupManifest["tables"] = [];
    for (const [index, table] of (await tablesInDependencyOrder(client)).entries()) {
      const file = `database/${String(index).padStart(2, "0")}-${table.name}.copy.gz`;
      const copy = copyTableOut(client, table);
      const written = await writeGzipFile(path.join(directory, file), copy);
      files.push({ path: file, ...written });
      tables.push({ ...table, rows: copy.rowCount, file });
    }
    const rowsOf = (name: string) => tables.find((table) => table.name === name)?.rows ?? 0;
    const blobList = "blobs.txt.gz";
    const blobs = await copyReferencedBlobs({
      client,
      blobsRoot: blobsDirectory(options.to),
      listFile: path.join(directory, blobList),
      onProgress: (blobsDone) => options.onProgress?.({ blobsDone, blobsExpected: rowsOf("archived_emails") + rowsOf("attachments") }),
    });
    files.push({ path: blobList, ...blobs.listFile });
    await commitTransaction(client);
    const secrets = await copySecrets(directory);
    for (const secret of secrets) files.push({ path: secret, ...(await hashFile(path.join(directory, secret))) });
    const manifest: BackupManifest = {
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
      secrets,
      files,
    };
    await writeFileAtomically(path.join(directory, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } catch (error) {
    // Blobs already copied stay: they are whole files, and the next backup will not copy them again.
    await rm(directory, { recursive: true, force: true });
    throw error;
  } finally {
    await rollbackTransaction(client);
    await client.end().catch(() => undefined);
  }
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
    auditHead: { id: row.head_id === null ? null : Number(row.head_id), currentHash: row.head_hash },
    migrations,
    sequences,
  };
}

/** Copies every blob the snapshot's emails and attachments reference, listing the keys as it goes. */
async function copyReferencedBlobs(options: {
  client: pg.Client;
  blobsRoot: string;
  listFile: string;
  onProgress: (done: number) => void;
}) {
  const store = blobStore();
  const list = new PassThrough();
  const listWritten = writeGzipFile(options.listFile, list);
  const totals = { listed: 0, copied: 0, bytes: 0 };
  try {
    await declareReferencedBlobsCursor(options.client);
    for (;;) {
      const rows = await fetchReferencedBlobs(options.client, BLOB_BATCH);
      await forEachConcurrently(rows, BLOB_COPY_CONCURRENCY, async ({ key }) => {
        const bytes = await copyBlobToBackup({ store, key, blobsRoot: options.blobsRoot });
        if (bytes > 0) {
          totals.copied++;
          totals.bytes += bytes;
        }
      });
      if (rows.length > 0 && !list.write(rows.map((row) => `${row.key}\n`).join("")))
        await new Promise((resolve) => list.once("drain", resolve));
      totals.listed += rows.length;
      options.onProgress(totals.listed);
      if (rows.length < BLOB_BATCH) break;
    }
  } finally {
    list.end();
  }
  return { ...totals, listFile: await listWritten };
}

/** DATA_DIR's generated secrets: without the encryption key the restored sources' credentials could not be read. */
async function copySecrets(directory: string): Promise<string[]> {
  const copied: string[] = [];
  for (const name of DATA_DIR_SECRETS) {
    const source = path.join(dataDir(), name);
    if (!existsSync(source)) continue;
    await makePrivateDirectory(path.join(directory, "secrets"));
    await copyPrivateFile(source, path.join(directory, "secrets", name));
    copied.push(`secrets/${name}`);
  }
  return copied;
}
