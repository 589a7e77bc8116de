import { existsSync } from "node:fs";
import { copyFile, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { PassThrough } from "node:stream";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { dataDir } from "../config/env";
import { connectDedicatedPgClient } from "../db/pg-pool";
import { blobStore } from "../storage/blob-store-factory";
import { pauseBlobDeletions } from "../storage/blob-locks";
import {
  backupIdFor,
  backupsDirectory,
  blobsDirectory,
  BACKUP_FORMAT,
  DATA_DIR_SECRETS,
  MANIFEST_FILE,
  type BackupManifest,
} from "./backup-layout";
import { forEachConcurrently } from "./concurrently";
import { copyBlobToBackup } from "./copy-blob-to-backup";
import { listSequences, quoteIdentifier, tablesInDependencyOrder } from "./database-tables";
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
  await mkdir(path.join(directory, "database"), { recursive: true });
  await mkdir(blobsDirectory(options.to), { recursive: true });
  const { client } = await connectDedicatedPgClient();
  try {
    await pauseBlobDeletions(client);
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const files: BackupManifest["files"] = [];
    const snapshot = await readSnapshotFacts(client);
    const tables: BackupManifest["tables"] = [];
    for (const [index, table] of (await tablesInDependencyOrder(client)).entries()) {
      const file = `database/${String(index).padStart(2, "0")}-${table.name}.copy.gz`;
      const copy = client.query(copyTo(`COPY ${quoteIdentifier(table.name)} (${table.columns.map(quoteIdentifier).join(", ")}) TO STDOUT`));
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
    await client.query("COMMIT");
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
    await client.query("ROLLBACK").catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** Facts read inside the snapshot transaction (its first statement fixes the snapshot). */
async function readSnapshotFacts(client: pg.Client) {
  const { rows } = await client.query<{ snapshot_at: Date; head_id: string | null; head_hash: string | null }>(`
    SELECT now() AS snapshot_at, head.id::text AS head_id, head.current_hash AS head_hash
      FROM (SELECT 1) AS one LEFT JOIN LATERAL (SELECT id, current_hash FROM audit_logs ORDER BY id DESC LIMIT 1) AS head ON true`);
  const migrations = await client.query<{ name: string }>(`
    SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`);
  // Sequences are not transactional: their values are at least those the snapshot's rows used.
  const sequences: BackupManifest["sequences"] = [];
  for (const name of await listSequences(client)) {
    const value = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${quoteIdentifier(name)}`,
    );
    sequences.push({ name, lastValue: value.rows[0].last_value, isCalled: value.rows[0].is_called });
  }
  const [row] = rows;
  return {
    snapshotAt: row.snapshot_at.toISOString(),
    auditHead: { id: row.head_id === null ? null : Number(row.head_id), currentHash: row.head_hash },
    migrations: migrations.rows.map((migration) => migration.name),
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
    await options.client.query(`DECLARE referenced_blobs NO SCROLL CURSOR FOR
      SELECT storage_path AS key FROM archived_emails UNION SELECT storage_path FROM attachments`);
    for (;;) {
      const { rows } = await options.client.query<{ key: string }>(`FETCH FORWARD ${BLOB_BATCH} FROM referenced_blobs`);
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
    await mkdir(path.join(directory, "secrets"), { recursive: true, mode: 0o700 });
    await copyFile(source, path.join(directory, "secrets", name));
    copied.push(`secrets/${name}`);
  }
  return copied;
}
