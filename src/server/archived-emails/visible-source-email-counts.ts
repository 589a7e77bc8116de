import type { Principal } from "../auth/principal";
import { archiveScope } from "../authz/ability";
import { Prisma } from "@/generated/prisma/client";
import { pgPool } from "../db/pg-pool";
import { querySql } from "../db/sql-client";
import { keptCounts, SOURCE_EMAIL_COUNT } from "../db/kept-counts";
import { visibleEmailsCondition } from "./visible-emails-condition";

/**
 * How many emails of each given source the caller may read (sources without any are left out):
 * the trigger-kept counts when the caller sees the whole archive, otherwise a count of what their
 * role's conditions let them see.
 */
export async function visibleSourceEmailCounts(principal: Principal, sourceIds: string[]): Promise<Map<string, number>> {
  if (archiveScope(principal.ability, "read") === null) return keptCounts(pgPool(), SOURCE_EMAIL_COUNT, sourceIds);
  if (sourceIds.length === 0) return new Map();
  const rows = await querySql<{ id: string; n: number }>(
    pgPool(),
    Prisma.sql`
    SELECT e.ingestion_source_id AS id, count(*)::int AS n FROM archived_emails e
    WHERE e.ingestion_source_id = ANY(${sourceIds}::uuid[]) AND ${visibleEmailsCondition(principal)}
    GROUP BY e.ingestion_source_id`,
  );
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}
