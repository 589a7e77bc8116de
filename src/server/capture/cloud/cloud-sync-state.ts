import { insertDuplicateOccurrences } from "../../archive/occurrences/occurrences.queries";
import { db } from "../../platform/db/client";
import { pgPool } from "../../platform/db/pg-pool";
import { ingestBatch } from "../ingestion/ingest-batch";
import { sha256Hex } from "../../platform/crypto/sha256";

/** Where a cloud source's mailbox continues (a Graph folder's delta link, a Gmail history id); null the first time. */
export async function loadCursor(options: { sourceId: string; mailbox: string; scope: string }): Promise<string | null> {
  const row = await db().cloudSyncCursor.findUnique({ where: { sourceId_mailbox_scope: options } });
  return row?.cursor ?? null;
}

/** Saved only once everything before it is archived, so a sync that dies part way lists that part again. */
export async function saveCursor(options: { sourceId: string; mailbox: string; scope: string; cursor: string }): Promise<void> {
  const { cursor, ...key } = options;
  await db().cloudSyncCursor.upsert({ where: { sourceId_mailbox_scope: key }, create: { ...key, cursor }, update: { cursor } });
}

export async function dropCursor(options: { sourceId: string; mailbox: string; scope: string }): Promise<void> {
  await db().cloudSyncCursor.deleteMany({ where: options });
}

/** The provider ids already archived (or refused) from a mailbox's scope: a full listing fetches only the others. */
export async function knownItems(options: { sourceId: string; mailbox: string; scope: string }): Promise<Set<string>> {
  const rows = await db().cloudSyncItem.findMany({ where: options, select: { itemId: true } });
  return new Set(rows.map((row) => row.itemId));
}

export async function countItems(options: { sourceId: string; mailbox: string; scope: string; path?: string }): Promise<number> {
  return db().cloudSyncItem.count({ where: options });
}

export interface FolderSummary {
  /** A Graph folder path, or a Gmail mailbox's whole listing ("(all mail)"). */
  folder: string;
  /** The provider's own count of items in the folder when it was listed (completeness: docs/connectors.md). */
  providerCount: number | null;
  /** Items the archive holds from this folder after the sync (archived now or before, or refused). */
  heldCount: number;
  /** True when an expired cursor (410, 404) made this sync list the folder in full. */
  restarted: boolean;
  /** Items this sync listed as new to the folder (its receipt's "seen"). */
  seen: number;
  imported: number;
  duplicates: number;
  /** Items deleted at the source since the last sync: kept in the archive. */
  deletedAtSource: number;
  failed: { id: string; reason: string }[];
}

export const newFolderSummary = (folder: string, providerCount: number | null = null): FolderSummary => ({
  folder,
  providerCount,
  heldCount: 0,
  restarted: false,
  seen: 0,
  imported: 0,
  duplicates: 0,
  deletedAtSource: 0,
  failed: [],
});

export interface FetchedItem {
  id: string;
  raw: Buffer;
  path: string;
  tags?: string[];
  /** Every folder the item is in (Gmail: each label that is a folder); `path` is recorded whatever this says. */
  folders?: string[];
}

/** The SHA-256 of an item's bytes: its archived email's `storage_hash_sha256`. */
export const itemHash = (raw: Buffer) => sha256Hex(raw);

/**
 * Records that the messages with these bytes are (also) in these folders of the mailbox: one
 * `INSERT ... ON CONFLICT DO NOTHING` for the whole list, each an occurrence of the email archived
 * with those bytes (none for bytes that failed to archive). docs/archive.md, "Occurrences".
 */
export async function recordFolders(options: {
  sourceId: string;
  mailbox: string;
  seen: { rawHash: string; folders: string[] }[];
}): Promise<void> {
  await insertDuplicateOccurrences(pgPool(), {
    sourceId: options.sourceId,
    userEmail: options.mailbox,
    seen: options.seen.flatMap(({ rawHash, folders }) => folders.map((folder) => ({ rawHash, folder, envelopeRecipients: [] }))),
  });
}

/** The bytes' hashes of items archived before (null for those recorded before the hash was kept). */
export async function itemHashes(options: {
  sourceId: string;
  mailbox: string;
  scope: string;
  ids: string[];
}): Promise<Map<string, string | null>> {
  const { ids, ...key } = options;
  if (ids.length === 0) return new Map();
  const rows = await db().cloudSyncItem.findMany({ where: { ...key, itemId: { in: ids } }, select: { itemId: true, rawHash: true } });
  return new Map(rows.map((row) => [row.itemId, row.rawHash]));
}

/** A whole batch refused by the archive: the sync stops there, saying why (the reasons are the ingest's own). */
export class ArchiveBatchError extends Error {
  constructor(message: string) {
    super(message.slice(0, 600));
    this.name = "ArchiveBatchError";
  }
}

/**
 * Items the provider answered but the archive refused before ingesting them (a message larger than
 * MAX_MESSAGE_BYTES): each a failure of its folder with its reason, recorded like a failed ingest so
 * it is not downloaded again by every sync.
 */
export async function recordRefusedItems(options: {
  sourceId: string;
  mailbox: string;
  scope: string;
  path: string;
  refused: { id: string; reason: string }[];
  summary: FolderSummary;
}): Promise<void> {
  if (options.refused.length === 0) return;
  options.summary.failed.push(...options.refused);
  await db().cloudSyncItem.createMany({
    data: options.refused.map((item) => ({
      sourceId: options.sourceId,
      mailbox: options.mailbox,
      scope: options.scope,
      itemId: item.id,
      path: options.path,
      outcome: "failed",
      rawHash: null,
    })),
    skipDuplicates: true,
  });
}

/**
 * Archives fetched provider items through the same ingestion as uploads (byte for byte, deduplicated
 * by their bytes per mailbox) and records each item with its outcome and folder, so it is never
 * fetched again. A whole batch failing points at the archive, not the mail: it throws without
 * recording, so the next sync fetches those items again.
 */
export async function archiveItems(options: {
  sourceId: string;
  mailbox: string;
  scope: string;
  items: FetchedItem[];
  summary: FolderSummary;
}): Promise<void> {
  const { items, summary } = options;
  if (items.length === 0) return;
  const outcomes = await ingestBatch({
    sourceId: options.sourceId,
    userEmail: options.mailbox,
    messages: items.map((item) => ({ raw: item.raw, path: item.path, tags: item.tags ?? [] })),
  });
  const failed = outcomes.flatMap((outcome, index) =>
    outcome.status === "failed" ? [{ id: items[index].id, reason: outcome.reason }] : [],
  );
  if (items.length > 1 && failed.length === items.length) {
    throw new ArchiveBatchError(
      `every message of a batch in "${summary.folder}" failed to archive (${failed[0].reason}); stopped so none is skipped`,
    );
  }
  for (const outcome of outcomes) {
    if (outcome.status === "imported") summary.imported++;
    else if (outcome.status === "duplicate") summary.duplicates++;
  }
  summary.failed.push(...failed);
  const hashes = items.map((item) => itemHash(item.raw));
  // The path's occurrence came with the ingest; the item's other folders are recorded here.
  const elsewhere = items.flatMap((item, index) => {
    const folders = (item.folders ?? []).filter((folder) => folder !== item.path);
    return folders.length > 0 ? [{ rawHash: hashes[index], folders }] : [];
  });
  if (elsewhere.length > 0) await recordFolders({ sourceId: options.sourceId, mailbox: options.mailbox, seen: elsewhere });
  await db().cloudSyncItem.createMany({
    data: items.map((item, index) => ({
      sourceId: options.sourceId,
      mailbox: options.mailbox,
      scope: options.scope,
      itemId: item.id,
      path: item.path,
      outcome: outcomes[index].status,
      rawHash: hashes[index],
    })),
    skipDuplicates: true,
  });
}
