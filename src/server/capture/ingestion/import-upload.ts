import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Principal } from "../../identity/auth/principal";
import { dataDir } from "../../platform/config/env";
import { db } from "../../platform/db/client";
import { makePrivateDirectory, privateWriteStream } from "../../platform/files/private-files";
import { AppError, notFound, validationError } from "../../platform/errors/app-error";
import { importMessageStream, type ImportSummary } from "./import-message-stream";
import { readPstItems } from "./pst/read-pst-items";
import { MAX_MESSAGE_BYTES, type ImportItem } from "./readers/import-item";
import { DETECT_BYTES, detectMailKind, type MailKind } from "./readers/detect-mail-kind";
import { readMboxMessages } from "./readers/mbox-reader";
import { peekChunks, streamChunks } from "./readers/stream-chunks";
import { readZipMessages } from "./readers/zip-reader";

type UploadKind = "rfc822" | "mbox" | "zip" | "pst";

/**
 * A declared type is taken at its word; `text/plain` and `application/octet-stream` (what browsers
 * send for `.txt` and unknown files) are decided by content (detect-mail-kind.ts).
 */
const MEDIA_TYPES: Record<string, UploadKind | "by-content"> = {
  "message/rfc822": "rfc822",
  "application/mbox": "mbox",
  "application/x-mbox": "mbox",
  "application/zip": "zip",
  "application/x-zip-compressed": "zip",
  "application/vnd.ms-outlook": "pst",
  "text/plain": "by-content",
  "application/octet-stream": "by-content",
};

const KIND_OF: Record<MailKind, UploadKind> = { message: "rfc822", mbox: "mbox", zip: "zip", pst: "pst" };

function declaredKind(contentType: string | null) {
  const mediaType = (contentType ?? "").split(";")[0].trim().toLowerCase();
  const kind = MEDIA_TYPES[mediaType];
  if (!kind) {
    // The echoed type is bounded: a header is untrusted input.
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      `Content-Type must be message/rfc822, application/mbox, application/zip, application/vnd.ms-outlook, text/plain or application/octet-stream, not "${mediaType.slice(0, 100) || "none"}"`,
    );
  }
  return kind;
}

/** The upload's kind, by its declared type or else by its first bytes; the body is handed back whole. */
async function uploadKind(
  contentType: string | null,
  body: AsyncIterable<Uint8Array>,
): Promise<{ kind: UploadKind; body: AsyncIterable<Uint8Array> } | { error: string }> {
  const declared = declaredKind(contentType);
  if (declared !== "by-content") return { kind: declared, body };
  const peeked = await peekChunks(body, DETECT_BYTES);
  const detected = detectMailKind(peeked.head, peeked.whole);
  if ("error" in detected) {
    await peeked.close();
    return detected;
  }
  return { kind: KIND_OF[detected.kind], body: peeked.chunks };
}

async function readWholeMessage(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > MAX_MESSAGE_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", `A single message may be at most ${MAX_MESSAGE_BYTES} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

async function* oneItem(item: ImportItem): AsyncGenerator<ImportItem> {
  yield item;
}

/** A zip or .pst needs random access (a zip's directory is at the end): it is spooled to a temp file, never held in memory. */
async function spoolToTempFile(body: AsyncIterable<Uint8Array>, kind: "zip" | "pst"): Promise<string> {
  const directory = path.join(dataDir(), "tmp");
  await makePrivateDirectory(directory);
  const file = path.join(directory, `upload-${randomBytes(8).toString("hex")}.${kind}`);
  await pipeline(Readable.from(body), privateWriteStream(file, { flag: "wx" }));
  return file;
}

/**
 * `POST /v1/ingestion-sources/{id}/import`: one message, an mbox, a zip of messages or a .pst, streamed
 * from the request into the archive of one mailbox (the query's, else the source's configured one).
 */
export async function importUpload(options: {
  principal: Principal;
  sourceId: string;
  userEmail?: string;
  contentType: string | null;
  body: ReadableStream<Uint8Array> | null;
}): Promise<ImportSummary> {
  const source = await db().ingestionSource.findUnique({ where: { id: options.sourceId }, select: { id: true, config: true } });
  if (!source) throw notFound("Ingestion source");
  const configured = (source.config as { userEmail?: unknown }).userEmail;
  const userEmail = options.userEmail ?? (typeof configured === "string" ? configured : undefined);
  if (!userEmail) {
    throw validationError([
      { field: "userEmail", message: "userEmail is required (query parameter) unless the source's config names one" },
    ]);
  }
  const upload = await uploadKind(options.contentType, streamChunks(options.body));
  const common = { actor: options.principal.actor, sourceId: source.id, userEmail };
  // Neither a message, an mbox, a zip nor a .pst: the one item fails with its reason (and is on the receipt).
  if ("error" in upload) return importMessageStream({ ...common, origin: { upload: "unknown" }, items: oneItem(upload) });
  const { kind, body } = upload;
  const withOrigin = { ...common, origin: { upload: kind } };
  if (kind === "rfc822") return importMessageStream({ ...withOrigin, items: oneItem({ raw: await readWholeMessage(body) }) });
  if (kind === "mbox") return importMessageStream({ ...withOrigin, items: readMboxMessages(body) });
  const file = await spoolToTempFile(body, kind);
  try {
    return await importMessageStream({ ...withOrigin, items: kind === "zip" ? readZipMessages(file) : readPstItems(file) });
  } finally {
    await rm(file, { force: true });
  }
}
