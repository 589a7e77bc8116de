import type { ImapFlow } from "imapflow";
import { ingestBatch } from "../ingestion/ingest-batch";
import { advanceFolderState, openFolderState } from "./imap-folder-state";
import { messageTags } from "./imap-tags";

export interface FolderSyncSummary {
  folder: string;
  /** True when the folder's UIDVALIDITY changed since the last sync and it was read from the start. */
  restarted: boolean;
  /** Messages this sync listed above the folder's last archived UID (its receipt's "seen"). */
  seen: number;
  imported: number;
  duplicates: number;
  failed: { uid: number; reason: string }[];
}

export const newFolderSummary = (folder: string): FolderSyncSummary => ({
  folder,
  restarted: false,
  seen: 0,
  imported: 0,
  duplicates: 0,
  failed: [],
});

export interface BatchLimits {
  /** A batch is fetched and archived at this many messages or bytes, whichever comes first. */
  messages: number;
  bytes: number;
}

interface PendingMessage {
  uid: number;
  size: number;
}

function* sizedBatches(pending: PendingMessage[], limits: BatchLimits): Generator<PendingMessage[]> {
  let batch: PendingMessage[] = [];
  let bytes = 0;
  for (const message of pending) {
    if (batch.length > 0 && (batch.length >= limits.messages || bytes + message.size > limits.bytes)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(message);
    bytes += message.size;
  }
  if (batch.length > 0) yield batch;
}

/**
 * Archives one folder's messages above its remembered UID, batch by batch: each batch is fetched
 * (raw source, flags, keywords, Gmail labels), archived, and only then is the folder's last UID
 * advanced, so a sync that dies half way resumes after the last committed batch. Counts go into
 * `summary` as they happen, so they survive a failure part way.
 */
export async function syncImapFolder(options: {
  client: ImapFlow;
  sourceId: string;
  userEmail: string;
  limits: BatchLimits;
  summary: FolderSyncSummary;
}): Promise<void> {
  const { client, sourceId, summary } = options;
  const { folder } = summary;
  const lock = await client.getMailboxLock(folder, { readOnly: true });
  try {
    const mailbox = client.mailbox;
    if (!mailbox) throw new Error(`could not open the folder "${folder}"`);
    const uidValidity = mailbox.uidValidity;
    const { lastUid, restarted } = await openFolderState({ sourceId, folder, uidValidity });
    summary.restarted = restarted;
    if (mailbox.exists === 0) return;
    // "N:*" always matches the newest message, even when its UID is below N: filter.
    const listed = await client.fetchAll(`${lastUid + 1}:*`, { uid: true, size: true }, { uid: true });
    const pending = listed
      .filter((message) => message.uid > lastUid)
      .map((message) => ({ uid: message.uid, size: message.size ?? 0 }))
      .sort((a, b) => a.uid - b.uid);
    summary.seen = pending.length;
    for (const batch of sizedBatches(pending, options.limits)) {
      await archiveBatch({ ...options, folder, uidValidity, batch });
    }
  } finally {
    lock.release();
  }
}

async function archiveBatch(options: {
  client: ImapFlow;
  sourceId: string;
  userEmail: string;
  folder: string;
  uidValidity: bigint;
  batch: PendingMessage[];
  summary: FolderSyncSummary;
}): Promise<void> {
  const { batch, summary, folder } = options;
  const fetched = await options.client.fetchAll(
    batch.map((message) => message.uid).join(","),
    { uid: true, flags: true, labels: true, source: true },
    { uid: true },
  );
  // A message expunged since the listing is simply gone; the rest are archived in UID order.
  const messages = fetched.filter((message) => message.source).sort((a, b) => a.uid - b.uid);
  const outcomes = await ingestBatch({
    sourceId: options.sourceId,
    userEmail: options.userEmail,
    messages: messages.map((message) => ({ raw: message.source!, path: folder, tags: messageTags(message.flags, message.labels) })),
  });
  const failed = outcomes.flatMap((outcome, index) =>
    outcome.status === "failed" ? [{ uid: messages[index].uid, reason: outcome.reason }] : [],
  );
  // A whole batch failing points at the archive (storage, database), not at the mail: stop
  // without advancing, so those messages are fetched again by the next sync.
  if (messages.length > 1 && failed.length === messages.length) {
    throw new Error(`every message of a batch in "${folder}" failed to archive (${failed[0].reason}); stopped so none is skipped`);
  }
  for (const outcome of outcomes) {
    if (outcome.status === "imported") summary.imported++;
    else if (outcome.status === "duplicate") summary.duplicates++;
  }
  summary.failed.push(...failed);
  await advanceFolderState({ sourceId: options.sourceId, folder, uidValidity: options.uidValidity, lastUid: batch[batch.length - 1].uid });
}
