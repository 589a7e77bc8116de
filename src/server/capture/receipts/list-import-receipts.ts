import type { z } from "zod";
import { db } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import type { importReceiptPageResponse } from "../ingestion-sources.responses";
import type { ImportReceiptBody } from "./import-receipt";

/**
 * A source's receipts, newest first, a page at a time: each run's outcome and totals from its
 * signed body, and where to download it. 404 for an unknown source.
 */
export async function listImportReceipts(options: {
  sourceId: string;
  page: number;
  limit: number;
}): Promise<z.input<typeof importReceiptPageResponse>> {
  const source = await db().ingestionSource.findUnique({ where: { id: options.sourceId }, select: { id: true } });
  if (!source) throw notFound("Ingestion source");
  const where = { sourceId: source.id };
  const [rows, total] = await Promise.all([
    db().importReceipt.findMany({
      where,
      orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
      skip: (options.page - 1) * options.limit,
      take: options.limit,
      select: { id: true, origin: true, sha256: true, finishedAt: true, body: true },
    }),
    db().importReceipt.count({ where }),
  ]);
  return {
    items: rows.map(({ body, ...row }) => {
      const { outcome, totals } = JSON.parse(body) as ImportReceiptBody;
      return { ...row, outcome, totals, url: `/v1/ingestion-sources/${source.id}/receipts/${row.id}` };
    }),
    total,
    page: options.page,
    limit: options.limit,
  };
}
