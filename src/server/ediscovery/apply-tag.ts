import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import type { ArchiveCondition } from "../identity/authz/ability";
import { contentScope } from "../identity/authz/content-scope";
import { transaction, type Tx } from "../platform/db/client";
import { notFound } from "../platform/errors/app-error";
import { scopeCondition } from "../archive/archive-scope.queries";
import type { SearchEngine, SearchQuery } from "../search/search-engine";
import { searchEngine } from "../search/search-engine-factory";
import { withBulkSearchLimits } from "../search/search-transaction";
import { accessibleCase } from "./case-access";
import { assertCaseOpen, caseEmailScope } from "./case-scope";
import { findTag } from "./find-tag";
import type { ApplyTagInput } from "./ediscovery.schemas";
import { findSavedSearch } from "./get-saved-search";
import { existingEmailIdsWithin, linkMatchingEmails, linkTaggedEmails, lockTag } from "./tags.queries";
import { searchQuerySchema } from "../search/search.schemas";
import { parseStoredJson } from "../platform/validation/stored-json";

export const TAG_PAGE_SIZE = 5000;

export interface TagApplication {
  tagId: string;
  /** Emails the application covered (the visible ones given, or every match of the search). */
  emailsMatched: number;
  /** Of those, the ones that did not carry the tag yet. */
  emailsTagged: number;
}

/**
 * Applies a review tag, set-based and idempotent, to the given emails (each must be one the member
 * may read, else 404) or to every match of a saved search, read from the search engine page by page
 * to the end of the result set. The links and the audit entry commit together.
 */
export async function applyTag(options: {
  principal: Principal;
  caseId: string;
  tagId: string;
  input: ApplyTagInput;
  /**
   * Tests only: an engine without matchingCondition (read page by page, as Meilisearch is) and its
   * ids per insert, small to cross several pages.
   */
  paged?: { engine: SearchEngine; pageSize: number };
}): Promise<TagApplication> {
  const { principal, input } = options;
  return transaction(
    async (tx) => {
      const found = await accessibleCase(tx, principal, options.caseId, "share");
      assertCaseOpen(found);
      const tag = await findTag(tx, options.caseId, options.tagId);
      await lockTag(tx, tag.id, "share");
      let emailsMatched = 0;
      let emailsTagged = 0;
      let source: Record<string, unknown>;
      if ("emailIds" in input) {
        const ids = await readableEmailIds(tx, principal, input.emailIds);
        emailsMatched = ids.length;
        emailsTagged = await linkTaggedEmails(tx, tag.id, principal.userId, ids);
        source = { emailIds: ids };
      } else {
        const saved = await findSavedSearch(tx, options.caseId, input.searchId);
        const query = parseStoredJson(searchQuerySchema, saved.searchQuery, "ediscovery_saved_searches.search_query");
        const scope = caseEmailScope(principal, found, { ignoreCustodians: saved.ignoreCustodians });
        ({ emailsMatched, emailsTagged } = await linkSearchMatches(tx, {
          query,
          scope,
          tagId: tag.id,
          userId: principal.userId,
          paged: options.paged,
        }));
        source = { searchId: saved.id, query };
      }
      await appendAuditEntry(tx, {
        actor: principal.actor,
        actionType: "TAG_APPLY",
        targetType: "EdiscoveryTag",
        targetId: tag.id,
        details: { caseId: options.caseId, tag: tag.name, source, emailsMatched, emailsTagged },
      });
      return { tagId: tag.id, emailsMatched, emailsTagged };
    },
    { timeoutMs: 300_000 },
  );
}

/**
 * Links every match of `query` within `scope`: in one statement when the search engine's index is
 * in the database, else page by page from the engine.
 */
async function linkSearchMatches(
  tx: Tx,
  options: {
    query: SearchQuery;
    scope: ArchiveCondition[] | null;
    tagId: string;
    userId: string;
    paged?: { engine: SearchEngine; pageSize: number };
  },
): Promise<{ emailsMatched: number; emailsTagged: number }> {
  const { query, scope, tagId, userId } = options;
  const engine = options.paged?.engine ?? searchEngine();
  const matchingCondition = engine.matchingCondition?.bind(engine);
  if (matchingCondition) {
    return withBulkSearchLimits(tx, "Tagging every match of the search", async () => {
      const { matched, tagged } = await linkMatchingEmails(tx, { tagId, userId, matching: await matchingCondition(tx, { query, scope }) });
      return { emailsMatched: matched, emailsTagged: tagged };
    });
  }
  let emailsMatched = 0;
  let emailsTagged = 0;
  for await (const ids of engine.searchAllIds({ query, scope, pageSize: options.paged?.pageSize ?? TAG_PAGE_SIZE })) {
    if (ids.length === 0) continue;
    emailsMatched += ids.length;
    emailsTagged += await linkTaggedEmails(tx, tagId, userId, ids);
  }
  return { emailsMatched, emailsTagged };
}

/**
 * The given email ids (deduplicated, lowercase) when each names an email the principal may read;
 * otherwise 404, as for single-email endpoints, so a tag is never put on or taken off mail the
 * member cannot see, and the answer does not tell an unreadable email from a missing one.
 */
export async function readableEmailIds(client: Tx, principal: Principal, emailIds: string[]): Promise<string[]> {
  const ids = [...new Set(emailIds.map((id) => id.toLowerCase()))];
  const visible = await existingEmailIdsWithin(client, ids, scopeCondition(contentScope(principal.ability)));
  if (visible.length < ids.length) throw notFound("Email");
  return ids;
}
