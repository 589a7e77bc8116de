import { Prisma } from "@/generated/prisma/client";
import type { Principal } from "../identity/auth/principal";
import { contentScope } from "../identity/authz/content-scope";
import { SUMMARY_COLUMNS, summaryPageSql, type SummaryRow } from "../archive/archived-emails.queries";
import { querySql, runSql, type SqlClient } from "../platform/db/sql-client";
import { scopeCondition } from "../archive/archive-scope.queries";
import type { ListTaggedInput } from "./ediscovery.schemas";

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

/**
 * Links every email satisfying `matching` (a condition on `archived_emails e`) to the tag in one
 * statement, each locked against deletion as it is linked. Answers how many matched and how many
 * links are new.
 */
export async function linkMatchingEmails(
  client: SqlClient,
  options: { tagId: string; userId: string; matching: Prisma.Sql },
): Promise<{ matched: number; tagged: number }> {
  const [counts] = await querySql<{ matched: number; tagged: number }>(
    client,
    Prisma.sql`
      WITH locked AS (SELECT e.id FROM archived_emails e WHERE ${options.matching} FOR KEY SHARE OF e),
      linked AS (
        INSERT INTO ediscovery_tagged_emails (tag_id, email_id, applied_at, applied_by_user_id)
        SELECT ${options.tagId}::uuid, locked.id, now(), ${options.userId} FROM locked
        ON CONFLICT DO NOTHING RETURNING 1)
      SELECT (SELECT count(*) FROM locked)::int AS matched, (SELECT count(*) FROM linked)::int AS tagged`,
  );
  return counts;
}

export async function unlinkTaggedEmails(client: SqlClient, tagId: string, ids: string[]): Promise<number> {
  return runSql(client, Prisma.sql`DELETE FROM ediscovery_tagged_emails WHERE tag_id = ${tagId}::uuid AND email_id = ANY(${ids}::uuid[])`);
}

/**
 * Holds the tag until the transaction ends: FOR SHARE while it is applied, so it cannot be deleted
 * meanwhile; FOR UPDATE before it is deleted, so no application adds links after they were counted.
 */
export async function lockTag(client: SqlClient, tagId: string, mode: "share" | "update"): Promise<void> {
  const lock = mode === "share" ? Prisma.sql`FOR SHARE` : Prisma.sql`FOR UPDATE`;
  await querySql(client, Prisma.sql`SELECT id FROM ediscovery_tags WHERE id = ${tagId}::uuid ${lock}`);
}

/** The ids among `ids` of emails that exist and satisfy `scope` (the reader's role conditions; null: none). */
export async function existingEmailIdsWithin(client: SqlClient, ids: string[], scope: Prisma.Sql | null): Promise<string[]> {
  const rows = await querySql<{ id: string }>(
    client,
    Prisma.sql`SELECT e.id FROM unnest(${ids}::uuid[]) AS wanted(id) JOIN archived_emails e ON e.id = wanted.id WHERE ${scope ?? Prisma.sql`TRUE`}`,
  );
  return rows.map((row) => row.id);
}

/** How many emails each of the tags is on, counting only emails that satisfy `scope` (the reader's; null: every one). */
export async function countTaggedEmailsWithin(
  client: SqlClient,
  tagIds: string[],
  scope: Prisma.Sql | null,
): Promise<{ tag_id: string; count: number }[]> {
  const within =
    scope === null ? Prisma.empty : Prisma.sql`AND EXISTS (SELECT 1 FROM archived_emails e WHERE e.id = link.email_id AND ${scope})`;
  return querySql(
    client,
    Prisma.sql`SELECT link.tag_id, count(*)::int AS count FROM ediscovery_tagged_emails link
      WHERE link.tag_id = ANY(${tagIds}::uuid[]) ${within} GROUP BY link.tag_id`,
  );
}

/** A page of the emails that carry one of the case's tags (or `input.tagId`), newest first, within the caller's read scope. */
/** The case's review set as a statement of ids: the emails carrying one of its tags that `principal` may read. */
export function caseReviewSetSql(caseId: string, principal: Principal): Prisma.Sql {
  return Prisma.sql`SELECT e.id FROM archived_emails e WHERE EXISTS (SELECT 1 FROM ediscovery_tagged_emails link
      JOIN ediscovery_tags tag ON tag.id = link.tag_id WHERE link.email_id = e.id AND tag.case_id = ${caseId}::uuid)
    AND ${scopeCondition(contentScope(principal.ability)) ?? Prisma.sql`TRUE`}`;
}

export async function selectTaggedEmailRows(
  client: SqlClient,
  options: { caseId: string; principal: Principal; input: ListTaggedInput },
): Promise<SummaryRow[]> {
  const { caseId, principal, input } = options;
  const conditions = [
    Prisma.sql`EXISTS (SELECT 1 FROM ediscovery_tagged_emails link JOIN ediscovery_tags tag ON tag.id = link.tag_id
      WHERE link.email_id = e.id AND tag.case_id = ${caseId}::uuid ${input.tagId ? Prisma.sql`AND tag.id = ${input.tagId}::uuid` : Prisma.empty})`,
    scopeCondition(contentScope(principal.ability)) ?? Prisma.sql`TRUE`,
  ];
  if (input.emailIds) conditions.push(Prisma.sql`e.id = ANY(${input.emailIds}::uuid[])`);
  // The reviewer's cut (docs/ediscovery.md, "Conversations"): inclusive and inclusive-minus emails, and those not analysed yet.
  if (input.inclusiveOnly) {
    conditions.push(
      Prisma.sql`NOT EXISTS (SELECT 1 FROM email_analysis an WHERE an.email_id = e.id AND an.thread_class IN ('inclusive_copy', 'none'))`,
    );
  }
  if (input.cursor) conditions.push(Prisma.sql`(e.sent_at, e.id) < (${input.cursor.sentAt}::timestamptz, ${input.cursor.id}::uuid)`);
  const order = Prisma.sql`e."sentAt" DESC, e.id DESC`;
  return querySql<SummaryRow>(
    client,
    summaryPageSql(
      Prisma.sql`SELECT ${SUMMARY_COLUMNS} FROM archived_emails e WHERE ${Prisma.join(conditions, " AND ")}
        ORDER BY e.sent_at DESC, e.id DESC LIMIT ${input.limit + 1}`,
      order,
    ),
  );
}

/** Which of the case's tags each of these emails carries, in the tags' creation order. */
export async function selectCaseTagLinks(
  client: SqlClient,
  caseId: string,
  emailIds: string[],
): Promise<{ email_id: string; tag_id: string }[]> {
  return querySql(
    client,
    Prisma.sql`SELECT link.email_id, link.tag_id FROM ediscovery_tagged_emails link JOIN ediscovery_tags tag ON tag.id = link.tag_id
    WHERE tag.case_id = ${caseId}::uuid AND link.email_id = ANY(${emailIds}::uuid[])
    ORDER BY tag.created_at, tag.id`,
  );
}
