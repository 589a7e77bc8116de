import type { ImapFlow } from "imapflow";
import { AppError } from "../../platform/errors/app-error";
import type { ImapConnectionConfig } from "../load-imap-config";
import { ImapConnectFailed, ImapOperationFailed } from "../imap/describe-imap-error";
import { connectImap } from "../imap/imap-connection";

export interface AppendedMessage {
  folder: string;
  uid: number | null;
}

export interface AppendableMessage {
  raw: Buffer;
  date: Date;
  /** A crashed run may have appended it already, as a message with a UID from this one on. */
  appendedSince?: number;
}

/** The UID of a message in `folder`, from UID `fromUid` on, whose bytes are exactly `raw`; null when there is none. */
async function findByBytes(client: ImapFlow, folder: string, fromUid: number, raw: Buffer): Promise<number | null> {
  const lock = await client.getMailboxLock(folder);
  try {
    // `n:*` also answers the last message when every UID is below n: hence the check of the UID.
    const sameSize: number[] = [];
    for await (const message of client.fetch(`${fromUid}:*`, { uid: true, size: true }, { uid: true })) {
      if (message.uid >= fromUid && message.size === raw.length) sameSize.push(message.uid);
    }
    for (const uid of sameSize) {
      const fetched = await client.fetchOne(String(uid), { source: true }, { uid: true });
      if (fetched && fetched.source?.equals(raw)) return uid;
    }
    return null;
  } finally {
    lock.release();
  }
}

async function folderUidNext(client: ImapFlow, folder: string): Promise<number> {
  const status = await client.status(folder, { uidNext: true });
  if (!status || !status.uidNext) throw new Error(`The IMAP server did not tell the next UID of "${folder}"`);
  return status.uidNext;
}

/**
 * Appends each message, byte for byte with its original date as INTERNALDATE, to `folder` of the
 * source's IMAP account over one connection, creating the folder when it is missing. Before each
 * APPEND, `onAppending` learns the folder's UIDNEXT (the appended message's UID will be at least
 * that); a message with `appendedSince` (one a crashed run may have appended) is first looked for
 * by its bytes among the folder's messages from that UID on, and reported as appended when there.
 * IMAP failures throw ImapConnectFailed (before sign-in) or ImapOperationFailed (after); what the
 * callbacks and `messages` throw passes through unchanged.
 */
export async function appendToMailbox<Message extends AppendableMessage>(options: {
  config: ImapConnectionConfig;
  folder: string;
  messages: AsyncIterable<Message> | Iterable<Message>;
  onAppending?: (message: Message, uidNext: number) => Promise<void> | void;
  onAppended?: (message: Message, appended: AppendedMessage) => Promise<void> | void;
}): Promise<void> {
  const { folder, config } = options;
  const imap = async <T>(command: () => Promise<T>): Promise<T> => {
    try {
      return await command();
    } catch (error) {
      throw new ImapOperationFailed(config, error);
    }
  };
  const client = await connectImap(config);
  try {
    const existing = await imap(() => client.list());
    if (!existing.some((mailbox) => mailbox.path === folder)) await imap(() => client.mailboxCreate(folder));
    let uidNext: number | null = null;
    for await (const message of options.messages) {
      const since = message.appendedSince;
      const present = since === undefined ? null : await imap(() => findByBytes(client, folder, since, message.raw));
      if (present !== null) {
        await options.onAppended?.(message, { folder, uid: present });
        continue;
      }
      if (options.onAppending) {
        uidNext ??= await imap(() => folderUidNext(client, folder));
        await options.onAppending(message, uidNext);
      }
      const appended = await imap(async () => {
        const answer = await client.append(folder, message.raw, [], message.date);
        if (!answer) throw new Error(`The IMAP server refused to append to "${folder}"`);
        return answer;
      });
      // UIDs only grow: the next message's UID is above this one's whatever else arrives meanwhile.
      uidNext = appended.uid ? appended.uid + 1 : null;
      await options.onAppended?.(message, { folder, uid: appended.uid ?? null });
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/**
 * What a caller is answered for an IMAP failure of a restore: 503 (with Retry-After) when the
 * server could not be reached, 502 when it refused the login or a command; anything else unchanged.
 */
export function restoreFailure(error: unknown): unknown {
  if (error instanceof ImapConnectFailed && !error.authenticationFailed) {
    return new AppError("UNAVAILABLE", error.message, { retryAfterSeconds: 60, cause: error });
  }
  if (error instanceof ImapConnectFailed || error instanceof ImapOperationFailed) {
    return new AppError("UPSTREAM_FAILED", error.message, { cause: error });
  }
  return error;
}
