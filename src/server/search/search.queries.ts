import { Prisma } from "@/generated/prisma/client";
import { GENERIC_PLANS } from "../platform/db/replica-reads";
import { queryOne, querySql, runSql, type SqlClient } from "../platform/db/sql-client";
import { sourcesNamed } from "./query-language/query-language.queries";

/**
 * The server settings a search connection starts with (pgPoolWithSettings): every statement on it is
 * a read-only transaction, with the searches' work_mem and statement_timeout (0: the server's).
 * A search's statements are prepared, so that PostgreSQL parses each text once per connection. By
 * default every plan is made for the statement's values (plan_cache_mode): a prepared statement's
 * generic plan could otherwise replace those of its values after five calls (a date range's plan
 * differs from that of another range); an unprepared statement is planned for its values anyway.
 * `plans: "generic"` is for the statements whose plan is the same whatever their values (a tier of
 * words alone listed: postgres-search-engine.ts), which are then planned once per connection.
 */
export function searchConnectionSettings(limits: {
  workMemMb: number;
  statementTimeoutMs: number;
  plans?: "custom" | "generic";
}): Record<string, string> {
  return {
    default_transaction_read_only: "on",
    ...(limits.plans === "generic" ? GENERIC_PLANS : { plan_cache_mode: "force_custom_plan" }),
    ...(limits.workMemMb > 0 ? { work_mem: `${limits.workMemMb}MB` } : {}),
    ...(limits.statementTimeoutMs > 0 ? { statement_timeout: String(limits.statementTimeoutMs) } : {}),
  };
}

export interface StatementSettings {
  statement_timeout: string;
  work_mem: string;
}

/**
 * Sets the open transaction's statement_timeout and work_mem (set_config, local: a Prisma
 * transaction can run it too; a work_mem of null keeps the current one); answers the previous ones.
 */
export async function replaceStatementSettings(
  client: SqlClient,
  settings: { statement_timeout: string; work_mem: string | null },
): Promise<StatementSettings> {
  const [previous] = await querySql<StatementSettings>(
    client,
    Prisma.sql`SELECT current_setting('statement_timeout') AS statement_timeout, current_setting('work_mem') AS work_mem`,
  );
  await querySql(
    client,
    Prisma.sql`SELECT set_config('statement_timeout', ${settings.statement_timeout}, true), set_config('work_mem', coalesce(${settings.work_mem}::text, current_setting('work_mem')), true)`,
  );
  return previous;
}

/** Emails not indexed a while after they were archived, that no queued or running job of `jobType` covers. */
export async function listUnindexedEmailsWithoutJob(
  client: SqlClient,
  options: { jobType: string; olderThanMinutes: number; limit: number },
): Promise<string[]> {
  const rows = await querySql<{ id: string }>(
    client,
    Prisma.sql`
    SELECT e.id FROM archived_emails e
    WHERE NOT e.is_indexed AND e.archived_at < now() - make_interval(mins => ${options.olderThanMinutes})
      AND NOT EXISTS (
        SELECT 1 FROM jobs j
        WHERE j.type = ${options.jobType} AND j.status IN ('queued', 'running') AND j.payload->'emailIds' ? e.id::text)
    LIMIT ${options.limit}`,
  );
  return rows.map((row) => row.id);
}

/** Records whether the emails are in the external search index. */
export async function setEmailsIndexed(client: SqlClient, emailIds: string[], indexed: boolean): Promise<number> {
  return runSql(
    client,
    Prisma.sql`UPDATE archived_emails SET is_indexed = ${indexed} WHERE id = ANY(${emailIds}::uuid[]) AND is_indexed <> ${indexed}`,
  );
}

/** The ids of the sources a `source:` value names (by id, or by name case-insensitively). */
export async function sourceIdsNamed(client: SqlClient, value: string): Promise<string[]> {
  const rows = await querySql<{ id: string }>(client, sourcesNamed(value));
  return rows.map((row) => row.id);
}

/** Archived emails within `scope` (a scopeCondition over `e`; null = the whole archive) the search index does not hold yet. */
export async function countNotSearchable(client: SqlClient, scope: Prisma.Sql | null): Promise<number> {
  const row = await queryOne<{ count: bigint | number }>(
    client,
    Prisma.sql`SELECT count(*) AS count FROM archived_emails e WHERE NOT e.is_indexed AND ${scope ?? Prisma.sql`TRUE`}`,
  );
  return Number(row?.count ?? 0);
}
