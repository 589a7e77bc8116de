import type { Prisma } from "@/generated/prisma/client";
import type { ArchiveCondition } from "../../identity/authz/ability";
import type { Tx } from "../../platform/db/client";
import { scopeCondition } from "../../archive/archive-scope.queries";
import { searchEngine } from "../../search/search-engine-factory";
import { withBulkSearchLimits } from "../../search/search-transaction";
import type { ExportQuery } from "../create-export";
import {
  createExportSelection,
  inExportSelection,
  insertExportItems,
  mustBeReadOf,
  onHold,
  selectEmailIds,
  taggedWith,
} from "../exports.queries";

const SNAPSHOT_PAGE_SIZE = 5000;

/**
 * Fixes the export's set of emails, once, inside the caller's transaction: the emails its source
 * selects (every match of the query, or the hold's or tag's links), narrowed by the creator's role
 * conditions (and, for an inclusive-only production, to the emails a reviewer must read), become the export's items, numbered in (sentAt, id) order with the metadata of their
 * manifest lines. Answers how many there are.
 */
export async function snapshotExportItems(
  client: Tx,
  options: { exportId: string; query: ExportQuery; scope: ArchiveCondition[] | null },
): Promise<number> {
  const { query, exportId, scope } = options;
  const insert = (selection: Prisma.Sql) =>
    insertExportItems(client, {
      exportId,
      selection: query.inclusiveOnly ? mustBeReadOf(selection) : selection,
      scope: scopeCondition(scope),
    });
  if (query.kind === "hold") return insert(onHold(query.holdId));
  if (query.kind === "tag") return insert(taggedWith(query.tagId));
  const engine = searchEngine();
  if (!engine.matchingCondition) {
    await createExportSelection(client);
    for await (const ids of engine.searchAllIds({ query: query.searchQuery, scope, pageSize: SNAPSHOT_PAGE_SIZE })) {
      await selectEmailIds(client, ids);
    }
    return insert(inExportSelection);
  }
  const matchingCondition = engine.matchingCondition.bind(engine);
  return withBulkSearchLimits(client, "Listing every match of the export's search", async () =>
    insert(await matchingCondition(client, { query: query.searchQuery, scope })),
  );
}
