import { randomUUID } from "node:crypto";
import type { ExtractionResult } from "../attachment-text/extract-attachment-text";
import { blobKeyForHash } from "../storage/blob-store";
import { storableText } from "../validation/storable-text";
import type { EmailRow } from "./insert-archived-emails";
import type { PreparedMessage } from "./prepare-message";

const storableTextOrNull = (text: string | null | undefined) => (text === null || text === undefined ? null : storableText(text));

/** The rows of one prepared message (docs/archive.md, "What an archived email is"). */
export function emailRow(options: {
  sourceId: string;
  userEmail: string;
  prepared: PreparedMessage;
  texts: Map<string, ExtractionResult>;
  archivedAt: Date;
}): EmailRow {
  const { sourceId, userEmail, archivedAt, texts } = options;
  const { parsed, message } = options.prepared;
  const future = parsed.date !== null && parsed.date.getTime() > archivedAt.getTime();
  const threadRoot = parsed.references[0] ?? parsed.inReplyTo ?? (parsed.messageIdHeader || null);
  return {
    id: randomUUID(),
    ingestionSourceId: sourceId,
    userEmail,
    messageIdHeader: parsed.messageIdHeader,
    sentAt: parsed.date && !future ? parsed.date : archivedAt,
    sentAtFallback: future ? "future" : parsed.dateProblem,
    archivedAt,
    subject: parsed.subject,
    senderName: parsed.senderName,
    senderEmail: parsed.senderEmail,
    recipients: parsed.recipients,
    ccEmails: parsed.ccEmails,
    bccEmails: parsed.bccEmails,
    storagePath: blobKeyForHash(parsed.rawHashSha256),
    storageHashSha256: parsed.rawHashSha256,
    sizeBytes: parsed.sizeBytes,
    hasAttachments: parsed.attachments.length > 0,
    path: storableText((message.path ?? "").slice(0, 1000)),
    tags: (message.tags ?? []).map((tag) => storableText(tag.slice(0, 255))).filter(Boolean).slice(0, 100),
    threadKey: threadRoot ? threadRoot.toLowerCase() : null,
    inReplyTo: parsed.inReplyTo,
    references: parsed.references,
    bodyText: parsed.bodyText,
    attachments: parsed.attachments.map((attachment) => ({
      id: randomUUID(),
      filename: attachment.filename,
      mimeType: attachment.mimeType,
      sizeBytes: attachment.bytes.length,
      storagePath: blobKeyForHash(attachment.hashSha256),
      hashSha256: attachment.hashSha256,
      extractedText: storableTextOrNull(texts.get(attachment.hashSha256)?.text),
      extractionError: texts.get(attachment.hashSha256)?.error ?? null,
    })),
  };
}
