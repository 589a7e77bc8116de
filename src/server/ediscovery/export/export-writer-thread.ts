// Worker thread entry of an export writer. It runs compiled: scripts/build-workers.ts bundles it to
// plain JavaScript (npm run build, the start script, the test setup).
import { parentPort, workerData } from "node:worker_threads";
import { attachmentsReadSync, openBlob } from "../../archive/storage/blob-envelope";
import { LocalBlobStore } from "../../archive/storage/local-blob-store";
import { AttachmentRunCache } from "../../archive/storage/single-instance";
import { releaseBuffer } from "../../platform/memory/release-buffer";
import { addVerified, ExportIntegrityError, writeTask, type WriterTask } from "./export-writer";
import type { WriterData, WriterReply } from "./export-writer-pool";

if (!parentPort) throw new Error("the export writer runs as a worker thread");
const port = parentPort;
const scratch = Buffer.allocUnsafe(4 << 20);
/** Where a skeleton's message is rebuilt when it fits (most do): no allocation and page faults per message. */
const rebuilt = Buffer.allocUnsafe(4 << 20);
/**
 * Attachments shared by the messages of the export (the reason single-instance storage exists), as
 * the runs their messages hold: read, decrypted and wrapped once per thread, not once per message.
 * The thread lives as long as its export. Bounded: four threads add at most 32 MB to the worker
 * (the export's peak RSS target is 300 MB).
 */
const runs = new AttachmentRunCache(8 << 20);
// The store itself, not the configured factory: the thread loads only what local reads need.
const store = new LocalBlobStore((workerData as WriterData).storageDir);
// The blob store's data keys the worker sends with each task (sealed blobs, blob-envelope.ts).
const dataKeys = new Map<string, Buffer>();
const dataKey = (id: string) => dataKeys.get(id);
/** A message skeleton's attachments (single-instance storage). */
const attachment = attachmentsReadSync((key, into) => store.readSync(key, into), dataKey);
/**
 * A message's memory is given back once it is written (releaseBuffer): the thread reads one
 * message after another without pause, so the collector would otherwise let tens of megabytes of
 * written messages pile up (docs/benchmarks.md, "eDiscovery export at 1M").
 */
const written = (message: Buffer) => {
  if (message.buffer !== scratch.buffer && message.buffer !== rebuilt.buffer) releaseBuffer(message);
};

async function write(task: WriterTask): Promise<WriterReply> {
  try {
    return {
      written: await writeTask(task, (sink) => {
        for (const [id, key] of task.dataKeys ?? []) if (!dataKeys.has(id)) dataKeys.set(id, Buffer.from(key, "base64"));
        return addVerified(
          sink,
          task.items,
          (item) =>
            openBlob(item.storage_path, store.readSync(item.storage_path, scratch), dataKey, attachment, {
              runs,
              into: rebuilt,
              releaseAttachments: true,
            }),
          written,
        );
      }),
    };
  } catch (error) {
    return {
      failure: { message: error instanceof Error ? error.message : String(error), integrity: error instanceof ExportIntegrityError },
    };
  }
}

// Runs are written one after the other and answered in the order they came (the pool matches replies by it).
let queue = Promise.resolve();
port.on("message", (task: WriterTask) => {
  queue = queue.then(async () => port.postMessage(await write(task)));
});
