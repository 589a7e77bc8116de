import { randomBytes } from "node:crypto";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { appendAuditEntry, type AuditActor } from "../audit/append-audit-entry";
import { transaction } from "../platform/db/client";
import { config, dataDir } from "../platform/config/env";
import { writePrivateFile } from "../platform/files/private-files";
import {
  forgetInstallationStorageKey,
  installationStorageKey,
  readKeyFile,
  STORAGE_KEY_FILE_NAME,
  StorageKeyError,
  storageKeyFromText,
  unwrapDataKey,
  wrapDataKey,
} from "../archive/storage/storage-key";

export interface StorageKeyRotation {
  /** Data keys re-wrapped by this run (those already under the new key are left). */
  rewrapped: number;
  dataKeys: number;
  oldFingerprint: string;
  newFingerprint: string;
  /** The generated key file replaced by the new key; null when the key comes from STORAGE_KEY or STORAGE_KEY_FILE (change it there). */
  replacedKeyFile: string | null;
}

/**
 * Re-wraps every data key of the blob store under the storage key in `newKeyFile` (docs/operations.md,
 * "Storage encryption"): one transaction over the `storage_data_keys` rows, audited; no blob is
 * rewritten. A run interrupted before its commit changed nothing; one re-run after the commit finds
 * the rows under the new key and leaves them. When the current key is DATA_DIR's generated file, the
 * file is replaced by the new key after the commit; a configured key (STORAGE_KEY, STORAGE_KEY_FILE)
 * is the operator's to change before the next start.
 */
export async function rotateStorageKey(options: { actor: AuditActor; newKeyFile: string }): Promise<StorageKeyRotation> {
  const current = installationStorageKey();
  const newKeyText = readKeyFile(options.newKeyFile);
  const next = storageKeyFromText(newKeyText, `the new key (${options.newKeyFile})`);
  if (next.fingerprint === current.fingerprint) throw new StorageKeyError("The new storage key is the current one: nothing to rotate.");
  const { rewrapped, dataKeys } = await transaction(
    async (tx) => {
      // Each update names the fingerprint it read: a concurrent rotation makes it fail, not mix keys.
      const rows = await tx.storageDataKey.findMany({ orderBy: { id: "asc" } });
      let count = 0;
      for (const row of rows) {
        if (row.keyFingerprint === next.fingerprint) continue;
        const dataKey = unwrapDataKey(current, row);
        await tx.storageDataKey.update({
          where: { id: row.id, keyFingerprint: row.keyFingerprint },
          data: { wrapped: new Uint8Array(wrapDataKey(next, row.id, dataKey)), keyFingerprint: next.fingerprint },
        });
        count++;
      }
      await appendAuditEntry(tx, {
        actor: options.actor,
        actionType: "UPDATE",
        targetType: "Settings",
        targetId: "storage-key",
        details: { change: "storage key rotated", oldFingerprint: current.fingerprint, newFingerprint: next.fingerprint, rewrapped: count },
      });
      return { rewrapped: count, dataKeys: rows.length };
    },
    { timeoutMs: 600_000 },
  );
  const replacedKeyFile = config.storageKey.value || config.storageKey.file ? null : await replaceGeneratedKeyFile(newKeyText);
  forgetInstallationStorageKey();
  return { rewrapped, dataKeys, oldFingerprint: current.fingerprint, newFingerprint: next.fingerprint, replacedKeyFile };
}

/** Writes the new key over DATA_DIR/storage.key atomically (temp file, fsync, rename). */
async function replaceGeneratedKeyFile(text: string): Promise<string> {
  const file = path.join(dataDir(), STORAGE_KEY_FILE_NAME);
  const temp = `${file}.${randomBytes(4).toString("hex")}.partial`;
  try {
    await writePrivateFile(temp, text.endsWith("\n") ? text : `${text}\n`, { flag: "wx", flush: true });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return file;
}
