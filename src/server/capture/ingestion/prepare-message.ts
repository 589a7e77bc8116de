import type { AttachmentTexts } from "./attachment-texts";
import type { IncomingMessage, PreparedMessage } from "./ingestion.types";
import { parseMessage } from "./parse-message";

/**
 * Parses a message (this thread's CPU) and requests its attachment text without waiting for it,
 * so the next messages are parsed while the extractor works. Throws when the message cannot be read.
 */
export async function prepareMessage(message: IncomingMessage, texts: AttachmentTexts): Promise<PreparedMessage> {
  const parsed = await parseMessage(message.raw);
  const pending = parsed.attachments.map(async (attachment) => [attachment.hashSha256, await texts.textOf(attachment)] as const);
  return { message, parsed, texts: Promise.all(pending).then((entries) => new Map(entries)) };
}
