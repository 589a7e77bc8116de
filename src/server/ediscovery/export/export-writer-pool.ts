import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { WrittenItem } from "../exports.queries";
import { ExportIntegrityError, type WriterTask } from "./export-writer";
import { logger } from "../../platform/logging/logger";
import { enableBufferReleaseInNewThreads } from "../../platform/memory/release-buffer";

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
  /**
   * Splits the batch into one run of consecutive items per thread; answers what was written, in the
   * items' order. A batch given before the last one is written waits behind it on each thread: a
   * thread done with its run goes on with the next batch's at once.
   */
  write(task: WriterTask): Promise<WrittenItem[]>;
  close(): Promise<void>;
}

/** One writer thread: its runs are answered in the order they were given. */
function writerThread(data: WriterData): { run: (task: WriterTask) => Promise<WrittenItem[]>; terminate: () => Promise<number> } {
  const worker = new Worker(WRITER_THREAD, { execArgv: [], workerData: data, resourceLimits: { maxYoungGenerationSizeMb: 4 } });
  const pending: { resolve: (written: WrittenItem[]) => void; reject: (error: Error) => void }[] = [];
  let ended: Error | null = null;
  const end = (error: Error) => {
    ended ??= error;
    for (const run of pending.splice(0)) run.reject(error);
  };
  worker.on("message", (reply: WriterReply) => {
    const run = pending.shift();
    if ("written" in reply) run?.resolve(reply.written);
    else run?.reject(reply.failure.integrity ? new ExportIntegrityError(reply.failure.message) : new Error(reply.failure.message));
  });
  worker.on("error", end);
  worker.on("exit", (code) => end(new Error(`an export writer thread ended (exit code ${code})`)));
  return {
    run: (task) =>
      new Promise((resolve, reject) => {
        if (ended) return reject(ended);
        pending.push({ resolve, reject });
        worker.postMessage(task);
      }),
    terminate: () => worker.terminate(),
  };
}

/** A pool of `threads` writers, or null (write on the worker's own thread) for 0 or when the bundle is not built. */
export function startWriterPool(threads: number, data: WriterData): WriterPool | null {
  if (threads < 1) return null;
  if (!existsSync(WRITER_THREAD)) {
    if (!missingBundleReported)
      logger("export").error("writer bundle not built (npm run build): writing on one thread", { bundle: EXPORT_WRITER_BUNDLE });
    missingBundleReported = true;
    return null;
  }
  // The threads give each large message's memory back once written (export-writer-thread.ts).
  enableBufferReleaseInNewThreads();
  const writers = Array.from({ length: threads }, () => writerThread(data));
  return {
    async write(task) {
      const per = Math.ceil(task.items.length / threads);
      const runs = writers
        .map((writer, index) => ({ writer, items: task.items.slice(index * per, (index + 1) * per) }))
        .filter((slice) => slice.items.length > 0);
      // Every run settles before the batch fails: no thread is still writing it when the export cleans up.
      const results = await Promise.allSettled(runs.map((slice) => slice.writer.run({ ...task, items: slice.items })));
      const failed = results.find((result) => result.status === "rejected");
      if (failed) throw failed.reason;
      return results.flatMap((result) => (result.status === "fulfilled" ? result.value : []));
    },
    async close() {
      await Promise.all(writers.map((writer) => writer.terminate()));
    },
  };
}
