import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Principal } from "../../identity/auth/principal";
import { dataDir } from "../../platform/config/env";
import { db } from "../../platform/db/client";
import { makePrivateDirectory, privateWriteStream } from "../../archive/storage/private-files";
import { AppError, notFound, validationError } from "../../platform/errors/app-error";
import { importMessageStream, type ImportSummary } from "./import-message-stream";
import { MAX_MESSAGE_BYTES, type ImportItem } from "./readers/import-item";
import { readMboxMessages } from "./readers/mbox-reader";
import { streamChunks } from "./readers/stream-chunks";
import { readZipMessages } from "./readers/zip-reader";

const MEDIA_TYPES: Record<string, "rfc822" | "mbox" | "zip"> = {
  "message/rfc822": "rfc822",
  "application/mbox": "mbox",
  "application/x-mbox": "mbox",
  "application/zip": "zip",
  "application/x-zip-compressed": "zip",
};

function uploadKind(contentType: string | null) {
  const mediaType = (contentType ?? "").split(";")[0].trim().toLowerCase();
  const kind = MEDIA_TYPES[mediaType];
  if (!kind) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      `Content-Type must be message/rfc822, application/mbox or application/zip, not "${mediaType || "none"}"`,
    );
  }
  return kind;
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

async function* oneMessage(raw: Buffer): AsyncGenerator<ImportItem> {
  yield { raw };
}

/** A zip needs random access (its directory is at the end): it is spooled to a temp file, never held in memory. */
async function spoolToTempFile(body: AsyncIterable<Uint8Array>): Promise<string> {
  const directory = path.join(dataDir(), "tmp");
  await makePrivateDirectory(directory);
  const file = path.join(directory, `upload-${randomBytes(8).toString("hex")}.zip`);
  await pipeline(Readable.from(body), privateWriteStream(file, { flag: "wx" }));
  return file;
}

/**
 * `POST /v1/ingestion-sources/{id}/import`: one message, an mbox or a zip of .eml files, streamed
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
  const kind = uploadKind(options.contentType);
  const body = streamChunks(options.body);
  const common = { actor: options.principal.actor, sourceId: source.id, userEmail, origin: { upload: kind } };
  if (kind === "rfc822") return importMessageStream({ ...common, items: oneMessage(await readWholeMessage(body)) });
  if (kind === "mbox") return importMessageStream({ ...common, items: readMboxMessages(body) });
  const file = await spoolToTempFile(body);
  try {
    return await importMessageStream({ ...common, items: readZipMessages(file) });
  } finally {
    await rm(file, { force: true });
  }
}
