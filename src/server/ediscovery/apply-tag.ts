import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../auth/principal";
import { archiveScope } from "../authz/ability";
import { transaction, type Tx } from "../db/client";
import { notFound } from "../errors/app-error";
import { scopeCondition } from "../search/postgres-search-conditions.queries";
import type { SearchQuery } from "../search/search-engine";
import { searchEngine } from "../search/search-engine-factory";
import { accessibleCase } from "./case-access";
import { assertCaseOpen, caseEmailScope } from "./case-scope";
import { findTag } from "./find-tag";
import type { ApplyTagInput } from "./ediscovery.schemas";
import { findSavedSearch } from "./get-saved-search";
import { existingEmailIdsWithin, linkTaggedEmails, shareLockTag } from "./tags.queries";

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
  /** Ids per insert; tests pass a small one to cross several pages. */
  pageSize?: number;
}): Promise<TagApplication> {
  const { principal, input } = options;
  return transaction(
    async (tx) => {
      const found = await accessibleCase(tx, principal, options.caseId, "share");
      assertCaseOpen(found);
      const tag = await findTag(tx, options.caseId, options.tagId);
      await shareLockTag(tx, tag.id);
      let emailsMatched = 0;
      let emailsTagged = 0;
      let source: Record<string, unknown>;
      if ("emailIds" in input) {
        const ids = [...new Set(input.emailIds.map((id) => id.toLowerCase()))];
        const visible = await visibleEmailIds(tx, principal, ids);
        if (visible.length < ids.length) throw notFound("Email");
        emailsMatched = ids.length;
        emailsTagged = await linkTaggedEmails(tx, tag.id, principal.userId, ids);
        source = { emailIds: ids };
      } else {
        const saved = await findSavedSearch(tx, options.caseId, input.searchId);
        const query = saved.searchQuery as unknown as SearchQuery;
        const scope = caseEmailScope(principal, found, { ignoreCustodians: saved.ignoreCustodians });
        for await (const ids of searchEngine().searchAllIds({ query, scope, pageSize: options.pageSize ?? TAG_PAGE_SIZE })) {
          if (ids.length === 0) continue;
          emailsMatched += ids.length;
          emailsTagged += await linkTaggedEmails(tx, tag.id, principal.userId, ids);
        }
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

/** The ids among `ids` of emails that exist and that the principal's role lets them read. */
export async function visibleEmailIds(client: Tx, principal: Principal, ids: string[]): Promise<string[]> {
  return existingEmailIdsWithin(client, ids, scopeCondition(archiveScope(principal.ability, "read")));
}
