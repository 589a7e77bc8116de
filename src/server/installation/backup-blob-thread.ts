// Worker thread entry of a backup's blob copier (backup-blob-copiers.ts). It runs compiled: a second
// entry of the command line's bundle (scripts/cli/cli-bundle.mjs), rebuilt with it.
import { parentPort, workerData } from "node:worker_threads";
import { attachmentsReadSync, openBlob } from "../archive/storage/blob-envelope";
import { LocalBlobStore } from "../archive/storage/local-blob-store";
import type { BlobCopierData, BlobCopyReply, BlobCopyTask } from "./backup-blob-copiers";
import { BackupBlobDirectory, copyBlobToBackupSync } from "./copy-blob-to-backup";

if (!parentPort) throw new Error("the backup's blob copier runs as a worker thread");
const port = parentPort;
const data = workerData as BlobCopierData;
// The store itself, not the configured factory: the thread loads only what local reads need.
const store = new LocalBlobStore(data.storageDir);
const directory = new BackupBlobDirectory(data.blobsRoot);
const scratch = Buffer.allocUnsafe(1 << 20);
// The blob store's data keys, sent with the tasks (sealed blobs, blob-envelope.ts).
const dataKeys = new Map<string, Buffer>();
const dataKey = (id: string) => dataKeys.get(id);
const attachment = attachmentsReadSync((key, into) => store.readSync(key, into), dataKey);
const readStored = (key: string) => store.readSync(key, scratch);
const open = (key: string, stored: Buffer) => openBlob(key, stored, dataKey, attachment);

port.on("message", (task: BlobCopyTask) => {
  let reply: BlobCopyReply;
  try {
    for (const [id, key] of task.dataKeys) if (!dataKeys.has(id)) dataKeys.set(id, Buffer.from(key, "base64"));
    const done = { copied: 0, bytes: 0, unopened: [] as string[] };
    for (const key of task.keys) {
      const bytes = copyBlobToBackupSync({ key, directory, readStored, open });
      if (bytes === null) done.unopened.push(key);
      else if (bytes > 0) {
        done.copied++;
        done.bytes += bytes;
      }
    }
    reply = done;
  } catch (error) {
    reply = { failure: (error as Error).message };
  }
  port.postMessage(reply);
});
