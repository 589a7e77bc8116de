import { Prisma } from "@/generated/prisma/client";
import { queryOne, querySql, runSql, type SqlClient } from "../../platform/db/sql-client";

/** Which of `emailIds` carry one of the withholding tags: email id and tag id, one row per pair. */
export async function withheldEmails(
  client: SqlClient,
  emailIds: string[],
  tagIds: string[],
): Promise<{ email_id: string; tag_id: string }[]> {
  if (emailIds.length === 0 || tagIds.length === 0) return [];
  return querySql(
    client,
    Prisma.sql`SELECT email_id, tag_id FROM ediscovery_tagged_emails WHERE tag_id = ANY(${tagIds}::uuid[]) AND email_id = ANY(${emailIds}::uuid[])`,
  );
}

/** The withholding tags that still exist (a deleted tag would silently withhold nothing). */
export async function existingTagIds(client: SqlClient, tagIds: string[]): Promise<string[]> {
  if (tagIds.length === 0) return [];
  const rows = await querySql<{ id: string }>(client, Prisma.sql`SELECT id FROM ediscovery_tags WHERE id = ANY(${tagIds}::uuid[])`);
  return rows.map((row) => row.id);
}

/** The archive's extracted text of the emails' attachments, by the attachment's SHA-256. */
export async function attachmentTexts(
  client: SqlClient,
  emailIds: string[],
): Promise<{ email_id: string; hash_sha256: string; extracted_text: string | null }[]> {
  if (emailIds.length === 0) return [];
  return querySql(
    client,
    Prisma.sql`SELECT email_id, hash_sha256, extracted_text FROM attachments WHERE email_id = ANY(${emailIds}::uuid[]) ORDER BY email_id, id`,
  );
}

/** Records how far rendering got and renews the lease; false when the export is no longer this worker's. */
export async function recordRenderProgress(
  client: SqlClient,
  exportId: string,
  workerId: string,
  processedItems: number,
  bytes: number,
): Promise<boolean> {
  const updated = await runSql(
    client,
    Prisma.sql`
      UPDATE ediscovery_exports SET processed_items = ${processedItems}, bytes = ${bytes}, locked_at = now()
      WHERE id = ${exportId}::uuid AND locked_by = ${workerId} AND status = 'running'`,
  );
  return updated > 0;
}

/**
 * Takes `pages` consecutive Bates numbers for the export from its case, under the case row's lock
 * (FOR UPDATE), so two productions of a case never share a number: the range starts at the case's
 * next number or the production's own start, whichever is higher, and the case's next number moves
 * past it. A production that already took its range (a worker died after it) keeps it. Run inside
 * a transaction; answers the first number, or null when the export is no longer this worker's.
 */
export async function allocateBates(
  client: SqlClient,
  options: { exportId: string; caseId: string; workerId: string; start: number; pages: number },
): Promise<{ first: number; taken: boolean } | null> {
  const production = await queryOne<{ bates_first: number | null; page_count: number | null; locked_by: string | null; status: string }>(
    client,
    Prisma.sql`SELECT bates_first, page_count, locked_by, status FROM ediscovery_exports WHERE id = ${options.exportId}::uuid FOR UPDATE`,
  );
  if (!production || production.locked_by !== options.workerId || production.status !== "running") return null;
  if (production.bates_first !== null) {
    if (production.page_count !== options.pages)
      throw new Error(`the production took ${production.page_count} Bates numbers before and now has ${options.pages} pages`);
    return { first: production.bates_first, taken: false };
  }
  const found = await queryOne<{ next_bates: number }>(
    client,
    Prisma.sql`SELECT next_bates FROM ediscovery_cases WHERE id = ${options.caseId}::uuid FOR UPDATE`,
  );
  const first = Math.max(options.start, found?.next_bates ?? 1);
  await runSql(client, Prisma.sql`UPDATE ediscovery_cases SET next_bates = ${first + options.pages} WHERE id = ${options.caseId}::uuid`);
  await runSql(
    client,
    Prisma.sql`
      UPDATE ediscovery_exports SET bates_first = ${first}, bates_last = ${first + options.pages - 1}, page_count = ${options.pages}
      WHERE id = ${options.exportId}::uuid`,
  );
  return { first, taken: true };
}
