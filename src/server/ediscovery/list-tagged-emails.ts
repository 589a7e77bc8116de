import { toArchivedEmailSummary } from "../archive/load-email-summaries";
import type { ArchivedEmailSummary } from "../archive/archived-emails.responses";
import type { Principal } from "../identity/auth/principal";
import { db } from "../platform/db/client";
import { accessibleCase } from "./case-access";
import type { ListTaggedInput } from "./ediscovery.schemas";
import { findTag } from "./find-tag";
import { selectCaseTagLinks, selectTaggedEmailRows } from "./tags.queries";
import { selectConversationClasses } from "../analytics/analytics.queries";

export interface TaggedEmail extends ArchivedEmailSummary {
  /** The case's tags this email carries. */
  caseTagIds: string[];
  /** Its conversation and class (docs/ediscovery.md, "Conversations"), by which the review groups; null until analysed. */
  conversation: { id: string; class: string } | null;
}

export interface TaggedEmailPage {
  items: TaggedEmail[];
  /** Pass as `cursor` for the next page; null on the last one. */
  next: { sentAt: string; id: string } | null;
}

/**
 * The review view of a case: the emails that carry one of its tags (or the given one), newest
 * first, each with the case's tags it carries, within the member's role conditions. With
 * `emailIds`, only those (the tags of a search result page); with `inclusiveOnly`, only the emails a
 * reviewer must read. Paged by keyset on (sentAt, id).
 */
export async function listTaggedEmails(options: {
  principal: Principal;
  caseId: string;
  input: ListTaggedInput;
}): Promise<TaggedEmailPage> {
  const { principal, caseId, input } = options;
  await accessibleCase(db(), principal, caseId);
  if (input.tagId) await findTag(db(), caseId, input.tagId);
  const rows = await selectTaggedEmailRows(db(), { caseId, principal, input });
  const page = rows.slice(0, input.limit);
  const links = await selectCaseTagLinks(
    db(),
    caseId,
    page.map((row) => row.id),
  );
  const places = new Map(
    (
      await selectConversationClasses(
        db(),
        page.map((row) => row.id),
      )
    ).map((place) => [place.emailId, { id: place.conversationId, class: place.threadClass }]),
  );
  const items = page.map((row) => ({
    ...toArchivedEmailSummary(row),
    caseTagIds: links.filter((link) => link.email_id === row.id).map((link) => link.tag_id),
    conversation: places.get(row.id) ?? null,
  }));
  const last = page[page.length - 1];
  return { items, next: rows.length > input.limit && last ? { sentAt: last.sentAt.toISOString(), id: last.id } : null };
}
