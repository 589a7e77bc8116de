import { db } from "../db/client";

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
  const [row] = await db().$queryRaw<{ last_uid: bigint; restarted: boolean }[]>`
    INSERT INTO imap_folder_states (source_id, folder, uid_validity, last_uid, updated_at)
    VALUES (${options.sourceId}::uuid, ${options.folder}, ${options.uidValidity}, 0, now())
    ON CONFLICT (source_id, folder) DO UPDATE
      SET uid_validity = EXCLUDED.uid_validity, last_uid = 0, updated_at = now()
      WHERE imap_folder_states.uid_validity <> EXCLUDED.uid_validity
    RETURNING last_uid, (xmax <> 0) AS restarted`;
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
  await db().$executeRaw`
    UPDATE imap_folder_states SET last_uid = GREATEST(last_uid, ${options.lastUid}), updated_at = now()
    WHERE source_id = ${options.sourceId}::uuid AND folder = ${options.folder} AND uid_validity = ${options.uidValidity}`;
}
