import { PSTFile, type PSTAttachment, type PSTFolder, type PSTMessage } from "pst-extractor";
import { composeRfc822, type ComposedAddress } from "./compose-rfc822";

export type PstItem = { index: number; folder: string; raw: Buffer } | { index: number; folder: string; error: string };

const RECIPIENT_TYPES = { 1: "to", 2: "cc", 3: "bcc" } as const;

function recipients(message: PSTMessage): Record<"to" | "cc" | "bcc", ComposedAddress[]> {
  const byType: Record<"to" | "cc" | "bcc", ComposedAddress[]> = { to: [], cc: [], bcc: [] };
  for (let position = 0; position < message.numberOfRecipients; position++) {
    const recipient = message.getRecipient(position);
    if (!recipient) continue;
    const address = recipient.smtpAddress || recipient.emailAddress;
    const type = RECIPIENT_TYPES[recipient.recipientType as 1 | 2 | 3];
    if (address && type) byType[type].push({ name: recipient.displayName, address });
  }
  return byType;
}

function attachmentBytes(attachment: PSTAttachment): Buffer | null {
  const stream = attachment.fileInputStream;
  if (!stream) return null;
  const bytes = Buffer.alloc(attachment.filesize);
  stream.readCompletely(bytes);
  return bytes;
}

function toRfc822(message: PSTMessage): Buffer {
  const attachments: { filename: string; contentType: string; content: Buffer }[] = [];
  for (let position = 0; position < message.numberOfAttachments; position++) {
    const attachment = message.getAttachment(position);
    const content = attachmentBytes(attachment);
    if (!content) continue;
    attachments.push({
      filename: attachment.longFilename || attachment.filename || `attachment-${position + 1}`,
      contentType: attachment.mimeTag || "application/octet-stream",
      content,
    });
  }
  const sender = message.senderEmailAddress;
  return composeRfc822({
    originalHeaders: message.transportMessageHeaders || undefined,
    from: sender ? { name: message.senderName, address: sender } : undefined,
    ...recipients(message),
    subject: message.subject,
    date: message.clientSubmitTime ?? message.messageDeliveryTime,
    messageId: message.internetMessageId,
    inReplyTo: message.inReplyToId,
    text: message.body,
    html: message.bodyHTML,
    attachments,
  });
}

function composed(index: number, folder: string, message: PSTMessage): PstItem {
  try {
    return { index, folder, raw: toRfc822(message) };
  } catch (error) {
    return { index, folder, error: `unreadable message: ${(error as Error).message}` };
  }
}

/** pst-extractor's cursor in a folder's contents; `getNextChild` moves it past children it cannot load. */
const cursorOf = (folder: PSTFolder) => (folder as unknown as { currentEmailIndex: number }).currentEmailIndex;

/**
 * A folder's children in order, with the positions whose item cannot be loaded. pst-extractor's
 * `getNextChild` skips such a child silently (it only logs) and throws on a broken contents row,
 * which would end the folder: both become failures here, so every item is accounted for.
 */
function* folderChildren(folder: PSTFolder): Generator<{ child: PSTMessage } | { error: string }> {
  const count = folder.contentCount;
  for (let position = 0; position < count;) {
    folder.moveChildCursorTo(position);
    let child: PSTMessage | null;
    try {
      child = folder.getNextChild();
    } catch (error) {
      yield { error: `unreadable item ${position + 1} of the folder: ${(error as Error).message}` };
      position++;
      continue;
    }
    if (!child) return;
    const next = cursorOf(folder);
    for (let skipped = position; skipped < next - 1; skipped++) yield { error: `unreadable item ${skipped + 1} of the folder` };
    yield { child };
    position = next;
  }
}

/**
 * Every e-mail of a .pst (or .ost) file as RFC 822 bytes, folder by folder ("Inbox/Projects"),
 * one message in memory at a time (the file is read on demand, not loaded). Items that are not
 * e-mail (contacts, appointments, tasks) are skipped; an item that cannot be read fails alone.
 */
export async function* readPstMessages(path: string): AsyncGenerator<PstItem> {
  const pst = new PSTFile(path);
  let index = 0;
  async function* walk(folder: PSTFolder, folderPath: string): AsyncGenerator<PstItem> {
    for (const item of folderChildren(folder)) {
      if ("child" in item && !item.child.messageClass?.toUpperCase().startsWith("IPM.NOTE")) continue;
      yield "error" in item ? { index, folder: folderPath, error: item.error } : composed(index, folderPath, item.child);
      index++;
    }
    if (folder.hasSubfolders) {
      for (const sub of folder.getSubFolders()) yield* walk(sub, folderPath ? `${folderPath}/${sub.displayName}` : sub.displayName);
    }
  }
  try {
    yield* walk(pst.getRootFolder(), "");
  } finally {
    pst.close();
  }
}
