import { randomUUID } from "node:crypto";
import type { ExtractionResult } from "../attachment-text/extract-attachment-text";
import { blobKeyForHash } from "../../archive/storage/blob-store";
import { storableText } from "../../platform/validation/storable-text";
import type { IncomingMessage, MessageEnvelope, PreparedMessage } from "./ingestion.types";
import type { EmailRow } from "../../archive/store/email-rows.queries";
import type { ParsedMessage } from "./parse-message";

const storableTextOrNull = (text: string | null | undefined) => (text === null || text === undefined ? null : storableText(text));

/**
 * The header recipients plus the envelope recipients the headers do not name: those are the Bcc
 * recipients of a journaled message, which searches and `to:` filters must find (marked `bcc`, a
 * flag the interface's recipient objects leave out).
 */
function withEnvelopeRecipients(recipients: ParsedMessage["recipients"], envelope: MessageEnvelope | undefined): EmailRow["recipients"] {
  if (!envelope) return recipients;
  const named = new Set(recipients.map((recipient) => recipient.email.toLowerCase()));
  const bcc = [...new Set(envelope.recipients.map((address) => address.toLowerCase()))].filter((address) => !named.has(address));
  return [...recipients, ...bcc.map((email) => ({ name: "", email: storableText(email.slice(0, 320)), bcc: true }))];
}

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
  const recipients = withEnvelopeRecipients(parsed.recipients, message.envelope);
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
    recipients,
    ccEmails: parsed.ccEmails,
    // The envelope's extra recipients are Bcc recipients too (bcc: in the search language).
    bccEmails: [
      ...new Set([
        ...parsed.bccEmails,
        ...recipients.filter((recipient) => recipient.bcc).map((recipient) => recipient.email.toLowerCase()),
      ]),
    ],
    storagePath: blobKeyForHash(parsed.rawHashSha256),
    storageHashSha256: parsed.rawHashSha256,
    sizeBytes: parsed.sizeBytes,
    hasAttachments: parsed.attachments.length > 0,
    path: rowPath(message),
    tags: (message.tags ?? [])
      .map((tag) => storableText(tag.slice(0, 255)))
      .filter(Boolean)
      .slice(0, 100),
    threadKey: threadRoot ? threadRoot.toLowerCase() : null,
    inReplyTo: parsed.inReplyTo,
    references: parsed.references,
    bodyText: parsed.bodyText,
    envelopeFrom: message.envelope ? storableText(message.envelope.from.slice(0, 320)) : null,
    envelopeRecipients: rowEnvelopeRecipients(message),
    participantEmails: [...new Set(message.participantEmails ?? [])],
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

/** The folder and envelope recipients as an email row keeps them (a duplicate's occurrence records them the same). */
export const rowPath = (message: IncomingMessage) => storableText((message.path ?? "").slice(0, 1000));
export const rowEnvelopeRecipients = (message: IncomingMessage) =>
  (message.envelope?.recipients ?? []).map((address) => storableText(address.slice(0, 320)));
