import pg from "pg";
import { runLifecycleCycle } from "../../../src/server/retention/lifecycle/run-lifecycle-cycle";

/**
 * One lifecycle cycle with `eligible` emails past their retention (a policy on the synthetic
 * source), then a second cycle with nothing eligible. Baseline: a bare DELETE of the same rows
 * (those not under an active hold), rolled back, before the cycle.
 */
export async function lifecycleScenario(params: { sourceId: string; eligibleBefore: string; retentionDays: number }) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(
    `INSERT INTO retention_policies (id, name, name_key, retention_period_days, ingestion_source_ids, updated_at)
     VALUES (gen_random_uuid(), 'bench expiry', 'bench expiry', $1, ARRAY[$2]::text[], now())`,
    [params.retentionDays, params.sourceId],
  );
  await client.query("BEGIN");
  const baselineStarted = performance.now();
  // Held emails (the bulk-hold scenario's) stay out, as in the cycle: the database refuses to delete them (hold-release.ts).
  const bare = await client.query(
    `DELETE FROM archived_emails e WHERE ingestion_source_id = $1 AND sent_at < $2::timestamptz AND NOT EXISTS (
       SELECT 1 FROM email_legal_holds link JOIN legal_holds hold ON hold.id = link.legal_hold_id WHERE link.email_id = e.id AND hold.is_active)`,
    [params.sourceId, params.eligibleBefore],
  );
  const baselineSeconds = (performance.now() - baselineStarted) / 1000;
  await client.query("ROLLBACK");
  await client.end();

  const first = await runLifecycleCycle({});
  const second = await runLifecycleCycle({});
  return { baselineRows: bare.rowCount, baselineSeconds, eligibleCycle: first, emptyCycle: second };
}
