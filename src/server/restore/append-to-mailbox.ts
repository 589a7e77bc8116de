import type { ImapConnectionConfig } from "../ingestion-sources/load-imap-config";
import { imapClientFor } from "../imap/imap-connection";

export interface AppendedMessage {
  folder: string;
  uid: number | null;
}

/**
 * Appends each message, byte for byte with its original date as INTERNALDATE, to `folder` of the
 * source's IMAP account over one connection, creating the folder when it is missing.
 */
export async function appendToMailbox<Message extends { raw: Buffer; date: Date }>(options: {
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
      const appended = await client.append(options.folder, message.raw, [], message.date);
      if (!appended) throw new Error(`The IMAP server refused to append to "${options.folder}"`);
      await options.onAppended?.(message, { folder: options.folder, uid: appended.uid ?? null });
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}
