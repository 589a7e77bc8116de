import { db } from "../../platform/db/client";
import { advanceFolderLastUid, restartFolderStateIfNew } from "./imap.queries";

/**
 * The UID after which a folder's new messages start. A folder seen for the first time, or whose
 * UIDVALIDITY changed (its UIDs now name other messages), starts over from UID 0 in one upsert;
 * re-fetched messages are then duplicates, which the unique index turns away.
 */
export async function openFolderState(options: {
  sourceId: string;
  folder: string;
  uidValidity: bigint;
}): Promise<{ lastUid: number; restarted: boolean }> {
  const row = await restartFolderStateIfNew(db(), options);
  if (row) return { lastUid: Number(row.last_uid), restarted: row.restarted };
  // Same UIDVALIDITY: the conditional update touched nothing, so read where the folder stands.
  const state = await db().imapFolderState.findUniqueOrThrow({
    where: { sourceId_folder: { sourceId: options.sourceId, folder: options.folder } },
  });
  return { lastUid: Number(state.lastUid), restarted: false };
}

/**
 * Records that every message up to `lastUid` is archived; called only after the batch's rows
 * committed, so a sync that dies in between re-fetches that batch (as duplicates), never skips it.
 */
export async function advanceFolderState(options: {
  sourceId: string;
  folder: string;
  uidValidity: bigint;
  lastUid: number;
}): Promise<void> {
  await advanceFolderLastUid(db(), options);
}
