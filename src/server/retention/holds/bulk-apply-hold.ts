import type { z } from "zod";
import { appendAuditEntry } from "../../audit/append-audit-entry";
import type { Principal } from "../../identity/auth/principal";
import { config } from "../../platform/config/env";
import { transaction } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { searchEngine } from "../../search/search-engine-factory";
import { searchTimeoutError } from "../../search/search-transaction";
import type { SearchQuery } from "../../search/search-engine";
import { inactiveHold } from "./apply-hold-to-email";
import { insertHoldLinks, lockHold } from "./legal-holds.queries";
import type { bulkApplyResponse } from "./legal-holds.responses";

export const BULK_APPLY_PAGE_SIZE = 5000;

export type BulkApplyResult = z.input<typeof bulkApplyResponse>;

/**
 * Links every email matching the (normalized) query, reading the search engine's matches
 * BULK_APPLY_PAGE_SIZE ids at a time to the end, with set-based inserts that skip existing links.
 * Each batch's emails are looked up one by one through the primary key (a join on `unnest`), not
 * with `id = ANY(...)`: for thousands of ids PostgreSQL 18 may plan that as a skip scan of another
 * index, which made a 100,000-email bulk apply twice as slow (docs/retention.md). One transaction holds the hold row
 * FOR SHARE throughout, so a deactivation waits for it, and the links and the audit entry (with the
 * exact query and the count) commit together or not at all. It reaches every match, past the
 * search's result window, within BULK_SEARCH_TIMEOUT_MS (docs/search.md, "Bounds").
 */
export async function bulkApplyHold(options: {
  principal: Principal;
  id: string;
  query: SearchQuery;
  /** Ids per insert; tests pass a small one to cross several pages. */
  pageSize?: number;
}): Promise<BulkApplyResult> {
  const timeoutMs = config.bulkSearchTimeoutMs;
  try {
    return await transaction(
      async (tx) => {
        const hold = await lockHold(tx, options.id, "share");
        if (!hold) throw notFound("Legal hold");
        if (!hold.is_active) throw inactiveHold();
        let emailsLinked = 0;
        for await (const ids of searchEngine().searchAllIds({ query: options.query, pageSize: options.pageSize ?? BULK_APPLY_PAGE_SIZE })) {
          if (ids.length === 0) continue;
          emailsLinked += await insertHoldLinks(tx, { emailIds: ids, holdId: options.id, userId: options.principal.userId });
        }
        await appendAuditEntry(tx, {
          actor: options.principal.actor,
          actionType: "BULK_APPLY_HOLD",
          targetType: "LegalHold",
          targetId: options.id,
          details: { queryUsed: options.query, emailsLinked, caseId: hold.case_id },
        });
        return { legalHoldId: options.id, emailsLinked, queryUsed: options.query };
      },
      { timeoutMs },
    );
  } catch (error) {
    throw searchTimeoutError(error, "Bulk apply", timeoutMs);
  }
}
