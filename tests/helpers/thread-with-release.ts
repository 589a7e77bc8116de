import { Worker } from "node:worker_threads";
import { enableBufferReleaseInNewThreads } from "../../src/server/platform/memory/release-buffer";

/**
 * Runs `body` (the text of an async function of `load`, which imports a project module by its path
 * from the project root) on a worker thread started after enableBufferReleaseInNewThreads, as the
 * export writers are, and answers what it returns. The main thread of Node 20 has no
 * `ArrayBuffer.prototype.transfer`, so releases can only be tested there.
 */
export async function inThreadWithRelease<T>(body: string): Promise<T> {
  enableBufferReleaseInNewThreads();
  const source = `
    const { parentPort } = require("node:worker_threads");
    const path = require("node:path");
    const { tsImport } = require("tsx/esm/api");
    const load = (file) => tsImport(path.join(${JSON.stringify(process.cwd())}, file), __filename);
    (${body})(load).then((result) => parentPort.postMessage({ result }), (error) => parentPort.postMessage({ error: String(error?.stack ?? error) }));`;
  const worker = new Worker(source, { eval: true });
  try {
    const reply = await new Promise<{ result?: T; error?: string }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    if (reply.error) throw new Error(reply.error);
    return reply.result as T;
  } finally {
    await worker.terminate();
  }
}
