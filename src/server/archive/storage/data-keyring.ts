import { randomBytes, randomUUID } from "node:crypto";
import { db, type DbOrTx } from "../../platform/db/client";
import { uuidToBytes, type DataKey } from "./blob-envelope";
import {
  installationStorageKey,
  missingGeneratedKeyFile,
  StorageKeyError,
  unwrapDataKey,
  wrapDataKey,
  type StorageKey,
} from "./storage-key";

/**
 * A writer changes data keys after this long or this many blobs: a key per writing process and day
 * keeps the table small (every key is loaded at start) while AES-GCM's random IVs stay far below
 * their 2^32 messages per key.
 */
const WRITING_KEY_MAX_AGE_MS = 24 * 3600_000;
const WRITING_KEY_MAX_USES = 1 << 24;

/**
 * The blob store's data keys, unwrapped by the installation's storage key. Keys are created when a
 * process first writes and kept in memory; a read of a blob sealed by another process loads its key.
 */
export class DataKeyring {
  private readonly keys = new Map<string, Buffer>();
  private writing: { dataKey: DataKey; createdAt: number; uses: number } | null = null;
  private creating: Promise<DataKey> | null = null;
  /** Keys being loaded: concurrent reads of blobs under one key (a check's 16 at once) share one query. */
  private readonly loading = new Map<string, Promise<Buffer | undefined>>();

  constructor(readonly storageKey: StorageKey) {}

  /** The data key new blobs are sealed with (created and recorded, wrapped, when there is none yet). */
  async writingKey(): Promise<DataKey> {
    const current = this.writing;
    if (current && Date.now() - current.createdAt < WRITING_KEY_MAX_AGE_MS && current.uses < WRITING_KEY_MAX_USES) {
      current.uses++;
      return current.dataKey;
    }
    this.creating ??= this.createKey().finally(() => (this.creating = null));
    return this.creating;
  }

  private async createKey(): Promise<DataKey> {
    const id = randomUUID();
    const key = randomBytes(32);
    await db().storageDataKey.create({
      data: { id, wrapped: new Uint8Array(wrapDataKey(this.storageKey, id, key)), keyFingerprint: this.storageKey.fingerprint },
    });
    this.keys.set(id, key);
    const dataKey = { id: uuidToBytes(id), key };
    this.writing = { dataKey, createdAt: Date.now(), uses: 1 };
    return dataKey;
  }

  /** The key of `id` when in memory (synchronous reads). */
  cached(id: string): Buffer | undefined {
    return this.keys.get(id);
  }

  /** The key of `id`, loaded from the database when not in memory; undefined when no such key exists. */
  async dataKey(id: string): Promise<Buffer | undefined> {
    const known = this.keys.get(id);
    if (known) return known;
    let pending = this.loading.get(id);
    if (!pending) {
      pending = this.loadKey(id).finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  private async loadKey(id: string): Promise<Buffer | undefined> {
    const row = await db().storageDataKey.findUnique({ where: { id } });
    if (!row) return undefined;
    const key = unwrapDataKey(this.storageKey, row);
    this.keys.set(id, key);
    return key;
  }

  /** Loads (and so checks) every data key: a wrong storage key stops here with StorageKeyError. */
  async loadAll(client: DbOrTx = db()): Promise<number> {
    const rows = await client.storageDataKey.findMany();
    this.adopt(rows);
    return rows.length;
  }

  /** Unwraps `rows` (a backup's, before they are restored) into memory; StorageKeyError when one does not open. */
  adopt(rows: WrappedDataKey[]): void {
    for (const row of rows) if (!this.keys.has(row.id)) this.keys.set(row.id, unwrapDataKey(this.storageKey, row));
  }

  /** The keys in memory, for threads that read without a database (the export writers). */
  entries(): [string, string][] {
    return [...this.keys].map(([id, key]) => [id, key.toString("base64")]);
  }
}

export interface WrappedDataKey {
  id: string;
  wrapped: Uint8Array;
  keyFingerprint: string;
}

let shared: DataKeyring | null = null;

/** The process's keyring, for the configured storage key. */
export function dataKeyring(): DataKeyring {
  const storageKey = installationStorageKey();
  if (shared?.storageKey !== storageKey) shared = new DataKeyring(storageKey);
  return shared;
}

/** Forgets the process's keyring: a test that emptied the database (and so the data keys' rows) starts afresh. */
export function forgetDataKeyring(): void {
  shared = null;
}

/**
 * Start-up check of every process that reads or writes blobs: the configured storage key opens every
 * data key of the installation. A wrong or missing key stops the start with a message saying which.
 */
export async function assertStorageKeyOpensDataKeys(): Promise<void> {
  const missing = missingGeneratedKeyFile();
  if (missing && (await db().storageDataKey.count()) > 0)
    throw new StorageKeyError(
      `The storage key is missing: no STORAGE_KEY or STORAGE_KEY_FILE is set and ${missing} does not exist, but the blob store ` +
        `holds encrypted mail. Put the installation's key back (docs/operations.md, "Storage encryption"); without it the stored mail cannot be read.`,
    );
  await dataKeyring().loadAll();
}
