import { Prisma } from "@/generated/prisma/client";
import { querySql, runSql, type SqlClient } from "../db/sql-client";

/** Links emails to the tag, skipping links that exist; each email is locked against deletion meanwhile. Answers the new links. */
export async function linkTaggedEmails(client: SqlClient, tagId: string, userId: string, ids: string[]): Promise<number> {
  return runSql(
    client,
    Prisma.sql`
      INSERT INTO ediscovery_tagged_emails (tag_id, email_id, applied_at, applied_by_user_id)
      SELECT ${tagId}::uuid, locked.id, now(), ${userId}
      FROM (SELECT e.id FROM unnest(${ids}::uuid[]) AS wanted(id) JOIN archived_emails e ON e.id = wanted.id FOR KEY SHARE OF e) AS locked
      ON CONFLICT DO NOTHING`,
  );
}

export async function unlinkTaggedEmails(client: SqlClient, tagId: string, ids: string[]): Promise<number> {
  return runSql(client, Prisma.sql`DELETE FROM ediscovery_tagged_emails WHERE tag_id = ${tagId}::uuid AND email_id = ANY(${ids}::uuid[])`);
}

/** Holds the tag (FOR SHARE) until the transaction ends, so it cannot be deleted while it is applied. */
export async function shareLockTag(client: SqlClient, tagId: string): Promise<void> {
  await querySql(client, Prisma.sql`SELECT id FROM ediscovery_tags WHERE id = ${tagId}::uuid FOR SHARE`);
}

/** The ids among `ids` of emails that exist and satisfy `scope` (the reader's role conditions; null: none). */
export async function existingEmailIdsWithin(client: SqlClient, ids: string[], scope: Prisma.Sql | null): Promise<string[]> {
  const rows = await querySql<{ id: string }>(
    client,
    Prisma.sql`SELECT e.id FROM unnest(${ids}::uuid[]) AS wanted(id) JOIN archived_emails e ON e.id = wanted.id WHERE ${scope ?? Prisma.sql`TRUE`}`,
  );
  return rows.map((row) => row.id);
}
