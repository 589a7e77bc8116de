import path from "node:path";
import { Worker } from "node:worker_threads";
import { config } from "../../platform/config/env";

export interface ExtractionResult {
  text: string | null;
  error: string | null;
}

type Kind = "pdf" | "docx" | "xlsx" | "html" | "text";

const MAX_INPUT_BYTES = 50 * 1024 * 1024;
const WORKER_OLD_GENERATION_MB = 96;
const WORKER_YOUNG_GENERATION_MB = 16;
const DEFAULT_TIME_LIMIT_MS = config.attachmentTextTimeoutMs;

const BY_MIME: Record<string, Kind> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "text/html": "html",
  "application/xhtml+xml": "html",
  "text/plain": "text",
  "text/csv": "text",
  "text/markdown": "text",
};
const BY_EXTENSION: Record<string, Kind> = {
  ".pdf": "pdf",
  ".docx": "docx",
  ".xlsx": "xlsx",
  ".html": "html",
  ".htm": "html",
  ".txt": "text",
  ".csv": "text",
  ".md": "text",
  ".log": "text",
};

/** What to extract: the MIME type, else the file extension; a PDF is also known by its magic bytes. */
function attachmentKind(options: { bytes: Buffer; mimeType: string; filename: string }): Kind | null {
  const mime = options.mimeType.split(";")[0].trim().toLowerCase();
  const kind = BY_MIME[mime] ?? BY_EXTENSION[path.extname(options.filename).toLowerCase()] ?? null;
  if (kind) return kind;
  return options.bytes.subarray(0, 5).toString("latin1") === "%PDF-" ? "pdf" : null;
}

const charsetOf = (mimeType: string) => /charset\s*=\s*"?([\w.:-]+)"?/i.exec(mimeType)?.[1];

/**
 * How the bytes would be read (kind and charset), or null when they have no text: identical bytes
 * read the same way give the same text, which lets ingestion reuse an earlier result.
 */
export function extractionVariant(options: { bytes: Buffer; mimeType: string; filename: string }): string | null {
  const kind = attachmentKind(options);
  if (!kind) return null;
  const charset = charsetOf(options.mimeType);
  return charset ? `${kind};charset=${charset.toLowerCase()}` : kind;
}

const TRANSIENT_ERRORS = [/^timeout after /, /^extractor crashed/, /^extractor stopped/];

/** Failures that depend on the moment (machine load, a dying worker), not on the bytes: worth another try. */
export const isTransientExtractionError = (error: string | null) =>
  error !== null && TRANSIENT_ERRORS.some((pattern) => pattern.test(error));

interface Pending {
  worker: Worker;
  resolve: (result: ExtractionResult) => void;
  timer: NodeJS.Timeout;
}

/**
 * One worker thread, reused; a request that outlives its time limit terminates it (a CPU-bound
 * parser cannot be interrupted otherwise) and the next request gets a fresh one.
 */
class ExtractionWorker {
  private worker: Worker | null = null;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();

  run(kind: Kind, bytes: Buffer, charset: string | undefined, timeLimitMs: number): Promise<ExtractionResult> {
    const task = this.queue.then(() => this.send(kind, bytes, charset, timeLimitMs));
    this.queue = task.catch(() => undefined);
    return task;
  }

  private spawn(): Worker {
    // Plain JavaScript needs no loader: without the parent's flags (tsx turns on source maps, and
    // pdf.js's 7 MB of maps were decoded on load: ~90 MB of RSS). The heap cap bounds what one
    // hostile document can take; going over it ends this worker ("extractor crashed"), not the process.
    const worker = new Worker(path.join(process.cwd(), "src/server/capture/attachment-text/extract-worker.mjs"), {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_OLD_GENERATION_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    worker.unref();
    worker.on("message", (message: { id: number; text?: string; error?: string }) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      clearTimeout(pending.timer);
      this.pending.delete(message.id);
      pending.resolve(message.error !== undefined ? { text: null, error: message.error } : { text: message.text ?? "", error: null });
    });
    worker.on("error", (error) => this.failAll(worker, `extractor crashed: ${error.message}`));
    worker.on("exit", () => {
      if (this.worker === worker) this.worker = null;
      this.failAll(worker, "extractor stopped");
    });
    return worker;
  }

  /** Fails the requests a worker that died still owed. */
  private failAll(worker: Worker, reason: string) {
    for (const [id, pending] of this.pending) {
      if (pending.worker !== worker) continue;
      clearTimeout(pending.timer);
      pending.resolve({ text: null, error: reason });
      this.pending.delete(id);
    }
  }

  private send(kind: Kind, bytes: Buffer, charset: string | undefined, timeLimitMs: number): Promise<ExtractionResult> {
    this.worker ??= this.spawn();
    const worker = this.worker;
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ text: null, error: `timeout after ${Math.round(timeLimitMs / 100) / 10} s` });
        this.worker = null;
        // The timed-out worker is dropped; when its exit completes does not matter.
        void worker.terminate();
      }, timeLimitMs);
      this.pending.set(id, { worker, resolve, timer });
      worker.postMessage({ id, kind, bytes, charset });
    });
  }
}

const globalForExtraction = globalThis as unknown as { attachmentTextWorker?: ExtractionWorker };

/**
 * Text of a PDF, DOCX, XLSX, plain-text or HTML attachment; null text and null error for other
 * types (images, archives, binaries). Never throws: failures come back as a short `error`, which
 * ingestion stores on the attachment (listed by GET /v1/archived-emails/unsearchable).
 */
export async function extractAttachmentText(options: {
  bytes: Buffer;
  mimeType: string;
  filename: string;
  timeLimitMs?: number;
}): Promise<ExtractionResult> {
  const kind = attachmentKind(options);
  if (!kind) return { text: null, error: null };
  if (options.bytes.length > MAX_INPUT_BYTES)
    return { text: null, error: `too large: ${options.bytes.length} bytes (limit ${MAX_INPUT_BYTES})` };
  globalForExtraction.attachmentTextWorker ??= new ExtractionWorker();
  return globalForExtraction.attachmentTextWorker.run(
    kind,
    options.bytes,
    charsetOf(options.mimeType),
    options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS,
  );
}
