import { Prisma } from "@/generated/prisma/client";
import { queryOne, runSql, type SqlClient } from "../../platform/db/sql-client";

/**
 * Starts a folder over from UID 0 when it is new or its UIDVALIDITY changed, in one upsert; answers
 * null when the folder is known with the same UIDVALIDITY (the conditional update touched nothing).
 */
export async function restartFolderStateIfNew(client: SqlClient, folder: { sourceId: string; folder: string; uidValidity: bigint }) {
  return queryOne<{ last_uid: bigint | string; restarted: boolean }>(
    client,
    Prisma.sql`
    INSERT INTO imap_folder_states (source_id, folder, uid_validity, last_uid, updated_at)
    VALUES (${folder.sourceId}::uuid, ${folder.folder}, ${folder.uidValidity}, 0, now())
    ON CONFLICT (source_id, folder) DO UPDATE
      SET uid_validity = EXCLUDED.uid_validity, last_uid = 0, updated_at = now()
      WHERE imap_folder_states.uid_validity <> EXCLUDED.uid_validity
    RETURNING last_uid, (xmax <> 0) AS restarted`,
  );
}

/** Moves the folder's last archived UID forward (never back), unless its UIDVALIDITY changed meanwhile. */
export async function advanceFolderLastUid(
  client: SqlClient,
  folder: { sourceId: string; folder: string; uidValidity: bigint; lastUid: number },
): Promise<void> {
  await runSql(
    client,
    Prisma.sql`
    UPDATE imap_folder_states SET last_uid = GREATEST(last_uid, ${folder.lastUid}), updated_at = now()
    WHERE source_id = ${folder.sourceId}::uuid AND folder = ${folder.folder} AND uid_validity = ${folder.uidValidity}`,
  );
}

/** Tries the session advisory lock of a source's sync on `client`'s session (a dedicated connection). */
export async function tryLockSourceSync(client: SqlClient, sourceId: string): Promise<boolean> {
  const row = await queryOne<{ locked: boolean }>(
    client,
    Prisma.sql`SELECT pg_try_advisory_lock(hashtextextended(${`imap-sync:${sourceId}`}, 0)) AS locked`,
  );
  return row!.locked;
}

export async function unlockSourceSync(client: SqlClient, sourceId: string): Promise<void> {
  await runSql(client, Prisma.sql`SELECT pg_advisory_unlock(hashtextextended(${`imap-sync:${sourceId}`}, 0))`);
}
