import pg from "pg";
import { runLifecycleCycle } from "../../../src/server/lifecycle/run-lifecycle-cycle";

/**
 * One lifecycle cycle with `eligible` emails past their retention (a policy on the synthetic
 * source), then a second cycle with nothing eligible. Baseline: a bare DELETE of the same rows,
 * rolled back, before the cycle.
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
  const bare = await client.query("DELETE FROM archived_emails WHERE ingestion_source_id = $1 AND sent_at < $2::timestamptz", [
    params.sourceId,
    params.eligibleBefore,
  ]);
  const baselineSeconds = (performance.now() - baselineStarted) / 1000;
  await client.query("ROLLBACK");
  await client.end();

  const first = await runLifecycleCycle({});
  const second = await runLifecycleCycle({});
  return { baselineRows: bare.rowCount, baselineSeconds, eligibleCycle: first, emptyCycle: second };
}
