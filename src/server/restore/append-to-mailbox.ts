import type { ImapFlow } from "imapflow";
import type { ImapConnectionConfig } from "../ingestion-sources/load-imap-config";
import { imapClientFor } from "../imap/imap-connection";

export interface AppendedMessage {
  folder: string;
  uid: number | null;
}

/** The UID of a message in `folder` whose Message-ID header contains `messageId`, or null. */
async function findByMessageId(client: ImapFlow, folder: string, messageId: string): Promise<number | null> {
  const lock = await client.getMailboxLock(folder);
  try {
    const uids = await client.search({ header: { "message-id": messageId } }, { uid: true });
    return uids && uids.length > 0 ? uids[0] : null;
  } finally {
    lock.release();
  }
}

/**
 * Appends each message, byte for byte with its original date as INTERNALDATE, to `folder` of the
 * source's IMAP account over one connection, creating the folder when it is missing. A message
 * with `checkMessageId` (one a crashed run may have appended already) is looked up first and
 * reported as appended when the folder has it.
 */
export async function appendToMailbox<Message extends { raw: Buffer; date: Date; checkMessageId?: string }>(options: {
  config: ImapConnectionConfig;
  folder: string;
  messages: AsyncIterable<Message> | Iterable<Message>;
  onAppended?: (message: Message, appended: AppendedMessage) => Promise<void> | void;
}): Promise<void> {
  const client = imapClientFor(options.config);
  await client.connect();
  try {
    const existing = await client.list();
    if (!existing.some((mailbox) => mailbox.path === options.folder)) await client.mailboxCreate(options.folder);
    for await (const message of options.messages) {
      const present = message.checkMessageId ? await findByMessageId(client, options.folder, message.checkMessageId) : null;
      if (present !== null) {
        await options.onAppended?.(message, { folder: options.folder, uid: present });
        continue;
      }
      const appended = await client.append(options.folder, message.raw, [], message.date);
      if (!appended) throw new Error(`The IMAP server refused to append to "${options.folder}"`);
      await options.onAppended?.(message, { folder: options.folder, uid: appended.uid ?? null });
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}
