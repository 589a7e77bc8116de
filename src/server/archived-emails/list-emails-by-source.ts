import type { Principal } from "../auth/principal";
import { db } from "../db/client";
import { notFound } from "../errors/app-error";
import { loadEmailSummaries, type ArchivedEmailSummary } from "./archived-email-dto";
import { visibleEmailsCondition } from "./visible-emails-condition";

export interface EmailPage {
  items: ArchivedEmailSummary[];
  total: number;
  page: number;
  limit: number;
}

/** The source's emails the caller may read, newest archived first. */
export async function listEmailsBySource(options: { principal: Principal; sourceId: string; page: number; limit: number }): Promise<EmailPage> {
  const source = await db().ingestionSource.findUnique({ where: { id: options.sourceId }, select: { id: true } });
  if (!source) throw notFound("Ingestion source");
  const visible = visibleEmailsCondition(options.principal);
  const offset = (options.page - 1) * options.limit;
  const [rows, counted] = await Promise.all([
    db().$queryRaw<{ id: string }[]>`
      SELECT e.id FROM archived_emails e
      WHERE e.ingestion_source_id = ${source.id}::uuid AND ${visible}
      ORDER BY e.archived_at DESC, e.id DESC LIMIT ${options.limit} OFFSET ${offset}`,
    db().$queryRaw<{ total: bigint }[]>`
      SELECT count(*) AS total FROM archived_emails e WHERE e.ingestion_source_id = ${source.id}::uuid AND ${visible}`,
  ]);
  return {
    items: await loadEmailSummaries(db(), rows.map((row) => row.id)),
    total: Number(counted[0].total),
    page: options.page,
    limit: options.limit,
  };
}
