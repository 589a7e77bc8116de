import pg from "pg";
import { systemActor } from "../../../src/server/audit/append-audit-entry";
import { bulkApplyHold } from "../../../src/server/retention/holds/bulk-apply-hold";
import { createHold } from "../../../src/server/retention/holds/create-hold";
import { normalizeSearchQuery } from "../../../src/server/search/search.schemas";
import { benchPrincipal } from "./principal";

/**
 * Bulk-applies a new hold to every email matching `query` through the use case the REST route
 * calls. Baseline: a bare INSERT ... SELECT of the same (email, hold) rows into a scratch table.
 */
export async function bulkHoldScenario(params: { query: { query: string; filters?: Record<string, unknown> }; holdName: string }) {
  const principal = await benchPrincipal();
  const hold = await createHold({ actor: systemActor("bench"), input: { name: params.holdName } });
  const started = performance.now();
  const result = await bulkApplyHold({ principal, id: hold.id, query: normalizeSearchQuery(params.query) });
  const seconds = (performance.now() - started) / 1000;

  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(
    "CREATE TEMP TABLE scratch_links (email_id uuid, legal_hold_id uuid, applied_at timestamptz, applied_by_user_id text)",
  );
  const baselineStarted = performance.now();
  const bare = await client.query(
    `INSERT INTO scratch_links SELECT email_id, legal_hold_id, applied_at, applied_by_user_id FROM email_legal_holds WHERE legal_hold_id = $1`,
    [hold.id],
  );
  const baselineSeconds = (performance.now() - baselineStarted) / 1000;
  await client.end();
  return { holdId: hold.id, linked: result.emailsLinked, seconds, baselineRows: bare.rowCount, baselineSeconds };
}
