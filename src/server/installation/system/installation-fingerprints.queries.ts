import { Prisma } from "@/generated/prisma/client";
import { queryOne, runSql, type SqlClient } from "../../platform/db/sql-client";

/**
 * Records a fingerprint of what every host must share (a secret, the production directory) unless
 * one is recorded already, and answers the recorded one: the first process of the installation sets
 * it, every later one compares against it (two hosts starting at once still agree on a single first
 * value: the primary key decides).
 */
export async function recordOrReadFingerprint(client: SqlClient, name: string, fingerprint: string): Promise<string> {
  await runSql(
    client,
    Prisma.sql`INSERT INTO installation_fingerprints (name, fingerprint) VALUES (${name}, ${fingerprint}) ON CONFLICT (name) DO NOTHING`,
  );
  const row = await queryOne<{ fingerprint: string }>(
    client,
    Prisma.sql`SELECT fingerprint FROM installation_fingerprints WHERE name = ${name}`,
  );
  return row!.fingerprint;
}

/** The recorded fingerprint, or null while no process has recorded one. */
export async function selectFingerprint(client: SqlClient, name: string): Promise<string | null> {
  const row = await queryOne<{ fingerprint: string }>(
    client,
    Prisma.sql`SELECT fingerprint FROM installation_fingerprints WHERE name = ${name}`,
  );
  return row?.fingerprint ?? null;
}

/** Replaces a recorded fingerprint: after an operator changed the secret on purpose (a key rotation, a restore). */
export async function replaceFingerprint(client: SqlClient, name: string, fingerprint: string): Promise<void> {
  await runSql(
    client,
    Prisma.sql`
    INSERT INTO installation_fingerprints (name, fingerprint) VALUES (${name}, ${fingerprint})
    ON CONFLICT (name) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, recorded_at = now()`,
  );
}
