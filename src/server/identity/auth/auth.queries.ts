import { Prisma } from "@/generated/prisma/client";
import { querySql, runSql, type SqlClient } from "../../platform/db/sql-client";

export interface PrincipalRow {
  id: string;
  email: string;
  role_id: string | null;
  policies: string | null;
  session_version: number;
  disabled: boolean;
  mfa_enabled: boolean;
  /** The stored `mfaRequired` setting (JSON), null when never set. */
  mfa_required: unknown;
}

/**
 * The callers' users, role policies and the two-factor setting in one statement (read on every
 * request); users that do not exist are left out.
 */
export async function findPrincipalRows(client: SqlClient, userIds: string[]): Promise<PrincipalRow[]> {
  return querySql<PrincipalRow>(
    client,
    Prisma.sql`
    SELECT u.id, u.email, u.role_id, r.policies::text AS policies, u.session_version, u.disabled_at IS NOT NULL AS disabled,
           u.mfa_enabled_at IS NOT NULL AS mfa_enabled,
           (SELECT s.value FROM settings s WHERE s.key = 'mfaRequired') AS mfa_required
      FROM users u LEFT JOIN roles r ON r.id = u.role_id
     WHERE u.id = ANY(${userIds}::uuid[])`,
    { prepare: true },
  );
}

/** Records an API key's use at most once a minute; the condition repeats the caller's check, so concurrent requests write once. */
export async function recordApiKeyUse(client: SqlClient, apiKeyId: string): Promise<void> {
  await runSql(
    client,
    Prisma.sql`
    UPDATE api_keys SET last_used_at = now()
     WHERE id = ${apiKeyId}::uuid AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
  );
}
