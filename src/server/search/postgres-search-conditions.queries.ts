import { Prisma } from "@/generated/prisma/client";
import type { SearchFilters } from "./search-engine";
import { sentAtRange } from "./search-scope";

type Sql = Prisma.Sql;

/** SQL conditions on `archived_emails e` for the filters of a normalized query (values already lower-cased). */
export function filterConditions(filters: SearchFilters): Sql[] {
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
  if (filters.hasAttachments !== undefined) conditions.push(Prisma.sql`e.has_attachments = ${filters.hasAttachments}`);
  const range = sentAtRange(filters);
  if (range.from) conditions.push(Prisma.sql`e.sent_at >= ${range.from.toISOString()}::timestamptz`);
  if (range.until) conditions.push(Prisma.sql`e.sent_at < ${range.until.toISOString()}::timestamptz`);
  return conditions;
}

export function allOf(conditions: Sql[]): Sql {
  return conditions.length === 0 ? Prisma.sql`TRUE` : Prisma.join(conditions, " AND ");
}
