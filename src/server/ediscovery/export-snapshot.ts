import type { ArchiveCondition } from "../authz/ability";
import type { Tx } from "../db/client";
import { scopeCondition } from "../search/postgres-search-conditions.queries";
import type { SearchQuery } from "../search/search-engine";
import { searchEngine } from "../search/search-engine-factory";
import { withBulkSearchLimits } from "../search/search-transaction";
import type { ExportQuery } from "./create-export";
import {
  createExportSelection,
  insertExportItems,
  selectEmailIds,
  selectHoldEmails,
  selectMatchingEmails,
  selectTaggedEmails,
} from "./exports.queries";

const SNAPSHOT_PAGE_SIZE = 5000;

/**
 * Fixes the export's set of emails, once, inside the caller's transaction: the selection's ids
 * (every match of the query read through one cursor, or the hold's or tag's links), narrowed by
 * the creator's role conditions, become the export's items, numbered in (sentAt, id) order with
 * the metadata of their manifest lines. Answers how many there are.
 */
export async function snapshotExportItems(
  client: Tx,
  options: { exportId: string; query: ExportQuery; scope: ArchiveCondition[] | null },
): Promise<number> {
  await createExportSelection(client);
  const { query } = options;
  if (query.kind === "search") {
    await selectSearchMatches(client, query.searchQuery, options.scope);
  } else if (query.kind === "hold") {
    await selectHoldEmails(client, query.holdId);
  } else {
    await selectTaggedEmails(client, query.tagId);
  }
  return insertExportItems(client, options.exportId, scopeCondition(options.scope));
}

/** In one statement when the engine's index is in the database, else page by page from the engine. */
async function selectSearchMatches(client: Tx, query: SearchQuery, scope: ArchiveCondition[] | null): Promise<void> {
  const engine = searchEngine();
  if (!engine.matchingCondition) {
    for await (const ids of engine.searchAllIds({ query, scope, pageSize: SNAPSHOT_PAGE_SIZE })) await selectEmailIds(client, ids);
    return;
  }
  const matchingCondition = engine.matchingCondition.bind(engine);
  await withBulkSearchLimits(client, "Listing every match of the export's search", async () =>
    selectMatchingEmails(client, await matchingCondition(client, { query, scope })),
  );
}
