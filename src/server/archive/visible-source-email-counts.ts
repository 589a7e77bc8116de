import type { Principal } from "../identity/auth/principal";
import { contentScope } from "../identity/authz/content-scope";
import { pgPool } from "../platform/db/pg-pool";
import { readPool } from "../platform/db/replica-reads";
import { keptCounts, SOURCE_EMAIL_COUNT } from "../platform/db/kept-counts";
import { countVisibleSourceEmails } from "./archived-emails.queries";

/**
 * How many emails of each given source the caller may read (sources without any are left out):
 * the trigger-kept counts when the caller sees the whole archive, otherwise a count of what their
 * role's conditions let them see. Read from the read replica in a request routed to it; the
 * kept counts' folding writes go to the primary.
 */
export async function visibleSourceEmailCounts(principal: Principal, sourceIds: string[]): Promise<Map<string, number>> {
  if (contentScope(principal.ability) === null) return keptCounts(readPool(), SOURCE_EMAIL_COUNT, sourceIds, pgPool());
  if (sourceIds.length === 0) return new Map();
  const rows = await countVisibleSourceEmails(readPool(), principal, sourceIds);
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}
