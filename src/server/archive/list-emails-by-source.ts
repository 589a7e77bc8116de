import type { Principal } from "../identity/auth/principal";
import { foldPiledDeltas, SOURCE_EMAIL_COUNT } from "../platform/db/kept-counts";
import { pgPool } from "../platform/db/pg-pool";
import { readPool } from "../platform/db/replica-reads";
import { notFound } from "../platform/errors/app-error";
import { selectSourceEmailPage } from "./archived-emails.queries";
import { toArchivedEmailSummary } from "./load-email-summaries";
import type { EmailPage } from "./archived-emails.responses";

/**
 * The source's emails the caller may read, newest archived first (the page through `pg`: a hot path),
 * from the read replica in a request routed to it; piled-up deltas of the kept count are folded on the primary.
 */
export async function listEmailsBySource(options: {
  principal: Principal;
  sourceId: string;
  page: number;
  limit: number;
}): Promise<EmailPage> {
  const offset = (options.page - 1) * options.limit;
  const page = await selectSourceEmailPage(readPool(), {
    sourceId: options.sourceId,
    principal: options.principal,
    limit: options.limit,
    offset,
  });
  if (!page.sourceExists) throw notFound("Ingestion source");
  await foldPiledDeltas(pgPool(), SOURCE_EMAIL_COUNT, [{ id: options.sourceId, kept_deltas: page.keptDeltas }]);
  return { items: page.rows.map(toArchivedEmailSummary), total: page.total, page: options.page, limit: options.limit };
}
