import type { ExtractionResult } from "../attachment-text/extract-attachment-text";
import type { AttachmentTexts } from "./attachment-texts";
import type { IncomingMessage } from "./ingest-messages";
import { parseMessage, type ParsedMessage } from "./parse-message";

/** A parsed message whose attachment text may still be on its way (extraction runs in a worker). */
export interface PreparedMessage {
  message: IncomingMessage;
  parsed: ParsedMessage;
  /** Attachment text by attachment hash. */
  texts: Promise<Map<string, ExtractionResult>>;
}

/**
 * Parses a message (this thread's CPU) and requests its attachment text without waiting for it,
 * so the next messages are parsed while the extractor works. Throws when the message cannot be read.
 */
export async function prepareMessage(message: IncomingMessage, texts: AttachmentTexts): Promise<PreparedMessage> {
  const parsed = await parseMessage(message.raw);
  const pending = parsed.attachments.map(async (attachment) => [attachment.hashSha256, await texts.textOf(attachment)] as const);
  return { message, parsed, texts: Promise.all(pending).then((entries) => new Map(entries)) };
}
