import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { SealedBlobStore } from "../archive/storage/sealed-blob-store";
import { enableBufferReleaseInNewThreads } from "../platform/memory/release-buffer";

/** Beside the command line's bundle, which builds it as a second entry (scripts/cli/cli-bundle.mjs). */
const COPIER_THREAD = path.join(path.dirname(fileURLToPath(import.meta.url)), "backup-blob-thread.mjs");

export interface BlobCopierData {
  /** The local store's directory the threads read blobs from. */
  storageDir: string;
  /** The backup's blob directory they write to. */
  blobsRoot: string;
}

export interface BlobCopyTask {
  keys: string[];
  /** The blob store's data keys, [id, base64]: each thread keeps those it was sent. */
  dataKeys: [string, string][];
}

/** What a thread copied of its keys, and those that did not open with the keys it holds. */
export type BlobCopyReply = { copied: number; bytes: number; unopened: string[] } | { failure: string };
type Copied = Exclude<BlobCopyReply, { failure: string }>;

export interface BlobCopiers {
  /** Copies `keys`, split between the threads; answers their totals and the keys left to check on this thread. */
  copy(keys: string[]): Promise<Copied>;
  close(): Promise<void>;
}

/** The threads a local store's backup copies with: `--concurrency` when given, else one a core, at most four. */
export const defaultCopierThreads = () => Math.min(4, availableParallelism());

/**
 * Threads that copy a local store's blobs with synchronous reads and writes: a backup copies hundreds
 * of thousands of small files, and on the thread pool each call costs a round trip, while the
 * process's own thread dumps the tables beside them. For a local store only (S3's reads are
 * requests, made concurrently on the process's thread). Null when the thread is not built: run from
 * the sources, as the tests' in-process calls do.
 */
export async function startBlobCopiers(store: SealedBlobStore, data: BlobCopierData, threads: number): Promise<BlobCopiers | null> {
  if (!existsSync(COPIER_THREAD)) return null;
  await store.prepareSyncReads();
  enableBufferReleaseInNewThreads();
  const copiers = Array.from({ length: threads }, () => copierThread(data));
  let sentKeys = 0;
  return {
    async copy(keys) {
      // Keys loaded since the last batch (a key rotation under way) go along; the threads keep them.
      const dataKeys = store.keyring.entries();
      const fresh = dataKeys.length === sentKeys ? [] : dataKeys;
      sentKeys = dataKeys.length;
      const per = Math.ceil(keys.length / copiers.length);
      // Every thread's part settles before the batch fails: none is still writing when the backup cleans up.
      const results = await Promise.allSettled(
        copiers.map((copier, index) => copier.run({ keys: keys.slice(index * per, (index + 1) * per), dataKeys: fresh })),
      );
      const failed = results.find((result) => result.status === "rejected");
      if (failed) throw failed.reason;
      const done = results.map((result) => (result as PromiseFulfilledResult<Copied>).value);
      return {
        copied: done.reduce((sum, part) => sum + part.copied, 0),
        bytes: done.reduce((sum, part) => sum + part.bytes, 0),
        unopened: done.flatMap((part) => part.unopened),
      };
    },
    async close() {
      await Promise.all(copiers.map((copier) => copier.terminate()));
    },
  };
}

function copierThread(data: BlobCopierData) {
  const worker = new Worker(COPIER_THREAD, { execArgv: [], workerData: data, resourceLimits: { maxYoungGenerationSizeMb: 4 } });
  let pending: { resolve: (done: Copied) => void; reject: (error: Error) => void } | null = null;
  let ended: Error | null = null;
  const end = (error: Error) => {
    ended ??= error;
    pending?.reject(error);
    pending = null;
  };
  worker.on("message", (reply: BlobCopyReply) => {
    const run = pending;
    pending = null;
    if ("failure" in reply) run?.reject(new Error(reply.failure));
    else run?.resolve(reply);
  });
  worker.on("error", end);
  worker.on("exit", (code) => end(new Error(`a backup's blob copier thread ended (exit code ${code})`)));
  return {
    run: (task: BlobCopyTask) =>
      new Promise<Copied>((resolve, reject) => {
        if (ended) return reject(ended);
        pending = { resolve, reject };
        worker.postMessage(task);
      }),
    terminate: () => worker.terminate(),
  };
}
