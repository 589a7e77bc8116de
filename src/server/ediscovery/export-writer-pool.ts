import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { WrittenItem } from "./exports.queries";
import { ExportIntegrityError, type WriterTask } from "./export-writer";

/** The writer thread compiled to plain JavaScript by scripts/build-workers.ts, relative to the project. */
export const EXPORT_WRITER_BUNDLE = ".workers/export-writer-thread.mjs";
// Loaded by path at run time; not something for the bundler to follow.
const WRITER_THREAD = path.join(/* turbopackIgnore: true */ process.cwd(), EXPORT_WRITER_BUNDLE);
let missingBundleReported = false;

export interface WriterData {
  /** The local store's directory the threads read blobs from. */
  storageDir: string;
}

export type WriterReply = { written: WrittenItem[] } | { failure: { message: string; integrity: boolean } };

/**
 * Threads that each read, verify and write a run of a batch's messages, so that a batch's file
 * system work uses every core (docs/ediscovery.md, "Speed").
 */
export interface WriterPool {
  /** Splits the batch into one run of consecutive items per thread; answers what was written, in the items' order. */
  write(task: WriterTask): Promise<WrittenItem[]>;
  close(): Promise<void>;
}

/** A pool of `threads` writers, or null (write on the worker's own thread) for 0 or when the bundle is not built. */
export function startWriterPool(threads: number, data: WriterData): WriterPool | null {
  if (threads < 1) return null;
  if (!existsSync(WRITER_THREAD)) {
    if (!missingBundleReported) console.error(`[export] ${EXPORT_WRITER_BUNDLE} is not built (npm run build): writing on one thread`);
    missingBundleReported = true;
    return null;
  }
  const workers = Array.from(
    { length: threads },
    () => new Worker(WRITER_THREAD, { execArgv: [], workerData: data, resourceLimits: { maxYoungGenerationSizeMb: 4 } }),
  );
  const run = (worker: Worker, task: WriterTask) =>
    new Promise<WrittenItem[]>((resolve, reject) => {
      const settle = () => {
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
      };
      const onMessage = (reply: WriterReply) => {
        settle();
        if ("written" in reply) resolve(reply.written);
        else reject(reply.failure.integrity ? new ExportIntegrityError(reply.failure.message) : new Error(reply.failure.message));
      };
      const onError = (error: Error) => {
        settle();
        reject(error);
      };
      const onExit = (code: number) => {
        settle();
        reject(new Error(`an export writer thread ended (exit code ${code})`));
      };
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      worker.postMessage(task);
    });
  return {
    async write(task) {
      const per = Math.ceil(task.items.length / threads);
      const runs = workers
        .map((worker, index) => ({ worker, items: task.items.slice(index * per, (index + 1) * per) }))
        .filter((slice) => slice.items.length > 0);
      // Every run settles before the batch fails: no thread is still writing when the export cleans up.
      const results = await Promise.allSettled(runs.map((slice) => run(slice.worker, { ...task, items: slice.items })));
      const failed = results.find((result) => result.status === "rejected");
      if (failed) throw failed.reason;
      return results.flatMap((result) => (result.status === "fulfilled" ? result.value : []));
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
