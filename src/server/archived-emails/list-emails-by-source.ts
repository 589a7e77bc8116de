import { Prisma } from "@/generated/prisma/client";
import type { Principal } from "../auth/principal";
import { db } from "../db/client";
import { pgPool } from "../db/pg-pool";
import { querySql } from "../db/sql-client";
import { notFound } from "../errors/app-error";
import { SUMMARY_COLUMNS, summaryPageSql, toArchivedEmailSummary, type ArchivedEmailSummary, type SummaryRow } from "./archived-email-dto";
import { visibleEmailsCondition } from "./visible-emails-condition";
import { visibleSourceEmailCounts } from "./visible-source-email-counts";

export interface EmailPage {
  items: ArchivedEmailSummary[];
  total: number;
  page: number;
  limit: number;
}

/** The source's emails the caller may read, newest archived first (the page through `pg`: a hot path). */
export async function listEmailsBySource(options: {
  principal: Principal;
  sourceId: string;
  page: number;
  limit: number;
}): Promise<EmailPage> {
  const visible = visibleEmailsCondition(options.principal);
  const offset = (options.page - 1) * options.limit;
  const [rows, total] = await Promise.all([
    querySql<SummaryRow>(
      pgPool(),
      summaryPageSql(
        Prisma.sql`
          SELECT ${SUMMARY_COLUMNS} FROM archived_emails e
          WHERE e.ingestion_source_id = ${options.sourceId}::uuid AND ${visible}
          ORDER BY e.archived_at DESC, e.id DESC LIMIT ${options.limit} OFFSET ${offset}`,
        Prisma.sql`e."archivedAt" DESC, e.id DESC`,
      ),
    ),
    visibleSourceEmailCounts(options.principal, [options.sourceId]).then((counts) => counts.get(options.sourceId) ?? 0),
  ]);
  // A page with emails proves the source exists; only an empty one needs to ask.
  if (rows.length === 0 && !(await db().ingestionSource.findUnique({ where: { id: options.sourceId }, select: { id: true } }))) {
    throw notFound("Ingestion source");
  }
  return { items: rows.map(toArchivedEmailSummary), total, page: options.page, limit: options.limit };
}
