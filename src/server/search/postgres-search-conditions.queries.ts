import { Prisma } from "@/generated/prisma/client";
import type { SearchFilters } from "./search-engine";
import { sentAtRange } from "./search-scope";

type Sql = Prisma.Sql;

/**
 * SQL conditions on `archived_emails e` for the filters of a normalized query (values already
 * lower-cased), as a listing gives them to the planner, or as a walk does (`walked`), which reads
 * the filtered emails newest first: the same emails, but "with attachments" written as the
 * predicate of the partial index of those emails by date (`has_attachments IS TRUE`,
 * walkedNewestPage). A listing writes it `= true`, which the planner does not match to that index:
 * it would AND all of the index's entries (a fifth of the archive) into the words' GIN bitmap.
 */
export function filterConditions(filters: SearchFilters, form: "listed" | "walked" = "listed"): Sql[] {
  const conditions: Sql[] = [];
  if (filters.from !== undefined) conditions.push(Prisma.sql`lower(e.sender_email) = ${filters.from}`);
  if (filters.to !== undefined) {
    conditions.push(
      Prisma.sql`EXISTS (SELECT 1 FROM unnest(e.recipient_emails) AS recipient(address) WHERE lower(recipient.address) = ${filters.to})`,
    );
  }
  if (filters.userEmail !== undefined) conditions.push(Prisma.sql`lower(e.user_email) = ${filters.userEmail}`);
  if (filters.ingestionSourceId !== undefined) {
    conditions.push(Prisma.sql`e.ingestion_source_id = ${filters.ingestionSourceId}::uuid`);
  }
  if (filters.hasAttachments === true && form === "walked") conditions.push(Prisma.sql`e.has_attachments IS TRUE`);
  else if (filters.hasAttachments !== undefined) conditions.push(Prisma.sql`e.has_attachments = ${filters.hasAttachments}`);
  const range = sentAtRange(filters);
  if (range.from) conditions.push(Prisma.sql`e.sent_at >= ${range.from.toISOString()}::timestamptz`);
  if (range.until) conditions.push(Prisma.sql`e.sent_at < ${range.until.toISOString()}::timestamptz`);
  return conditions;
}

export function allOf(conditions: Sql[]): Sql {
  return conditions.length === 0 ? Prisma.sql`TRUE` : Prisma.join(conditions, " AND ");
}

/**
 * Emails whose adjacent word pairs include those of `pairsQuery` (adjacentPairsQuery, word-pairs.ts):
 * the word-pair GIN index answers it without reading a tsvector. Implied by the phrases it was
 * built from, so AND-ed with them it selects the same emails. Written after the positional
 * condition: where a row's match is computed (a walk), the pairs are computed only if that matched.
 */
export const wordPairsCondition = (pairsQuery: string): Sql => Prisma.sql`word_pairs(e.search_vector) @@ ${pairsQuery}::tsquery`;

/** The phrases' word-pair condition, AND-ed (null when none of them is a chain of adjacent words). */
export function phrasesPairsCondition(pairsQueries: Array<string | null>): Sql | null {
  const present = pairsQueries.filter((query): query is string => query !== null);
  return present.length === 0 ? null : wordPairsCondition(present.map((query) => `( ${query} )`).join(" & "));
}
