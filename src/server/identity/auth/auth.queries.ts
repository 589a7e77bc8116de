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

/** A caller's user, role policies and the two-factor setting, from `users u LEFT JOIN roles r`. */
const PRINCIPAL_COLUMNS = Prisma.sql`u.id, u.email, u.role_id, r.policies::text AS policies, u.session_version,
  u.disabled_at IS NOT NULL AS disabled, u.mfa_enabled_at IS NOT NULL AS mfa_enabled,
  (SELECT s.value FROM settings s WHERE s.key = 'mfaRequired') AS mfa_required`;

/**
 * The callers' users, role policies and the two-factor setting in one statement (read on every
 * request); users that do not exist are left out.
 */
export async function findPrincipalRows(client: SqlClient, userIds: string[]): Promise<PrincipalRow[]> {
  return querySql<PrincipalRow>(
    client,
    Prisma.sql`
    SELECT ${PRINCIPAL_COLUMNS}
      FROM users u LEFT JOIN roles r ON r.id = u.role_id
     WHERE u.id = ANY(${userIds}::uuid[])`,
    { prepare: true },
  );
}

/** An API key with its owner's principal row (findApiKeyPrincipalRows). */
export interface ApiKeyPrincipalRow extends PrincipalRow {
  key_hash: string;
  key_id: string;
  expires_at: Date | null;
  last_used_at: Date | null;
}

/**
 * The API keys with these hashes and their owners' principal rows in one statement (read on every
 * request that presents a key); unknown keys are left out.
 */
export async function findApiKeyPrincipalRows(client: SqlClient, keyHashes: string[]): Promise<ApiKeyPrincipalRow[]> {
  return querySql<ApiKeyPrincipalRow>(
    client,
    Prisma.sql`
    SELECT k.key_hash, k.id AS key_id, k.expires_at, k.last_used_at, ${PRINCIPAL_COLUMNS}
      FROM api_keys k JOIN users u ON u.id = k.user_id LEFT JOIN roles r ON r.id = u.role_id
     WHERE k.key_hash = ANY(${keyHashes}::text[])`,
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
