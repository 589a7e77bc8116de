import type { Principal } from "../identity/auth/principal";
import { contentScope } from "../identity/authz/content-scope";
import { db } from "../platform/db/client";
import type { DbOrTx } from "../platform/db/client";
import { scopeCondition } from "../archive/archive-scope.queries";
import { countNotSearchable } from "./search.queries";
import type { IndexWarning } from "./search.responses";

/**
 * Null when every archived email the caller may read is searchable; else how many are not yet (the
 * index is catching up), since a search (a bulk apply's, an export's) cannot match them yet.
 */
export async function indexWarning(options: { principal: Principal; client?: DbOrTx }): Promise<IndexWarning | null> {
  const notSearchable = await countNotSearchable(options.client ?? db(), scopeCondition(contentScope(options.principal.ability)));
  if (notSearchable === 0) return null;
  return {
    notSearchable,
    message:
      `The search index is incomplete: ${notSearchable} archived email${notSearchable === 1 ? " is" : "s are"} not searchable yet, ` +
      "so a search run now cannot match them. Wait until indexing catches up (Coverage on the sources page) to include them.",
  };
}
