import { Prisma } from "@/generated/prisma/client";
import { querySql, type SqlClient } from "../platform/db/sql-client";

/** A conversation or near-duplicate group that lost an email (queued by the `email_analysis_deleted` trigger). */
export interface AnalysisRefreshRow {
  kind: "conversation" | "near_duplicate_group";
  id: string;
}

/** Takes up to `limit` queued refreshes, oldest first, off the queue (undone with the transaction). */
export function takeAnalysisRefreshes(client: SqlClient, limit: number): Promise<AnalysisRefreshRow[]> {
  return querySql<AnalysisRefreshRow>(
    client,
    Prisma.sql`DELETE FROM analysis_refresh WHERE (kind, id) IN (
      SELECT kind, id FROM analysis_refresh ORDER BY queued_at, kind, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING kind, id::text AS id`,
  );
}
