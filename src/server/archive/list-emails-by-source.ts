import type { Principal } from "../identity/auth/principal";
import { foldPiledDeltas, SOURCE_EMAIL_COUNT } from "../platform/db/kept-counts";
import { pgPool } from "../platform/db/pg-pool";
import { genericPlanReadPool, readPool } from "../platform/db/replica-reads";
import { notFound } from "../platform/errors/app-error";
import { selectSourceEmailPage, sourcePageHasOnePlan } from "./archived-emails.queries";
import { toArchivedEmailSummary } from "./load-email-summaries";
import type { EmailPage } from "./archived-emails.responses";

/**
 * The source's emails the caller may read, newest archived first (the page through `pg`: a hot path,
 * with its generic plan where it has one), from the read replica in a request routed to it; piled-up
 * deltas of the kept count are folded on the primary.
 */
export async function listEmailsBySource(options: {
  principal: Principal;
  sourceId: string;
  page: number;
  limit: number;
}): Promise<EmailPage> {
  const bounds = { principal: options.principal, limit: options.limit, offset: (options.page - 1) * options.limit };
  const client = sourcePageHasOnePlan(bounds) ? genericPlanReadPool() : readPool();
  const page = await selectSourceEmailPage(client, { ...bounds, sourceId: options.sourceId });
  if (!page.sourceExists) throw notFound("Ingestion source");
  await foldPiledDeltas(pgPool(), SOURCE_EMAIL_COUNT, [{ id: options.sourceId, kept_deltas: page.keptDeltas }]);
  return { items: page.rows.map(toArchivedEmailSummary), total: page.total, page: options.page, limit: options.limit };
}
