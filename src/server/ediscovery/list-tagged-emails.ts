import { Prisma } from "@/generated/prisma/client";
import { SUMMARY_COLUMNS, summaryPageSql, type SummaryRow } from "../archived-emails/archived-emails.queries";
import { toArchivedEmailSummary, type ArchivedEmailSummary } from "../archived-emails/load-email-summaries";
import type { Principal } from "../auth/principal";
import { archiveScope } from "../authz/ability";
import { db } from "../db/client";
import { scopeCondition } from "../search/postgres-search-conditions.queries";
import { accessibleCase } from "./case-access";
import type { ListTaggedInput } from "./ediscovery.schemas";
import { findTag } from "./find-tag";

export interface TaggedEmail extends ArchivedEmailSummary {
  /** The case's tags this email carries. */
  caseTagIds: string[];
}

export interface TaggedEmailPage {
  items: TaggedEmail[];
  /** Pass as `cursor` for the next page; null on the last one. */
  next: { sentAt: string; id: string } | null;
}

/**
 * The review view of a case: the emails that carry one of its tags (or the given one), newest
 * first, each with the case's tags it carries, within the member's role conditions. With
 * `emailIds`, only those (the tags of a search result page). Paged by keyset on (sentAt, id).
 */
export async function listTaggedEmails(options: {
  principal: Principal;
  caseId: string;
  input: ListTaggedInput;
}): Promise<TaggedEmailPage> {
  const { principal, caseId, input } = options;
  await accessibleCase(db(), principal, caseId);
  if (input.tagId) await findTag(db(), caseId, input.tagId);
  const conditions = [
    Prisma.sql`EXISTS (SELECT 1 FROM ediscovery_tagged_emails link JOIN ediscovery_tags tag ON tag.id = link.tag_id
      WHERE link.email_id = e.id AND tag.case_id = ${caseId}::uuid ${input.tagId ? Prisma.sql`AND tag.id = ${input.tagId}::uuid` : Prisma.empty})`,
    scopeCondition(archiveScope(principal.ability, "read")) ?? Prisma.sql`TRUE`,
  ];
  if (input.emailIds) conditions.push(Prisma.sql`e.id = ANY(${input.emailIds}::uuid[])`);
  if (input.cursor) conditions.push(Prisma.sql`(e.sent_at, e.id) < (${input.cursor.sentAt}::timestamptz, ${input.cursor.id}::uuid)`);
  const order = Prisma.sql`e."sentAt" DESC, e.id DESC`;
  const rows = await db().$queryRaw<SummaryRow[]>(
    summaryPageSql(
      Prisma.sql`SELECT ${SUMMARY_COLUMNS} FROM archived_emails e WHERE ${Prisma.join(conditions, " AND ")}
        ORDER BY e.sent_at DESC, e.id DESC LIMIT ${input.limit + 1}`,
      order,
    ),
  );
  const page = rows.slice(0, input.limit);
  const links = await db().$queryRaw<{ email_id: string; tag_id: string }[]>`
    SELECT link.email_id, link.tag_id FROM ediscovery_tagged_emails link JOIN ediscovery_tags tag ON tag.id = link.tag_id
    WHERE tag.case_id = ${caseId}::uuid AND link.email_id = ANY(${page.map((row) => row.id)}::uuid[])
    ORDER BY tag.created_at, tag.id`;
  const items = page.map((row) => ({
    ...toArchivedEmailSummary(row),
    caseTagIds: links.filter((link) => link.email_id === row.id).map((link) => link.tag_id),
  }));
  const last = page[page.length - 1];
  return { items, next: rows.length > input.limit && last ? { sentAt: last.sentAt.toISOString(), id: last.id } : null };
}
