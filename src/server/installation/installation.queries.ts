import type pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { Prisma } from "@/generated/prisma/client";
import { queryOne, querySql, runSql, type SqlClient } from "../platform/db/sql-client";

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
const identifier = (name: string) => Prisma.raw(quoteIdentifier(name));

/** A table's stored columns in table order (generated columns are computed again on restore). */
export interface TableShape {
  name: string;
  columns: string[];
}

/** Every stored column of the public schema's tables, by table and column order. */
export async function selectTableColumns(client: SqlClient): Promise<{ table: string; column: string }[]> {
  return querySql(
    client,
    Prisma.sql`
    SELECT c.relname::text AS table, a.attname::text AS column
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
     ORDER BY c.relname, a.attnum`,
  );
}

/** Which public table references which other by a foreign key. */
export async function selectTableReferences(client: SqlClient): Promise<{ table: string; referenced: string }[]> {
  return querySql(
    client,
    Prisma.sql`
    SELECT DISTINCT c.relname::text AS table, r.relname::text AS referenced
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE k.contype = 'f' AND n.nspname = 'public' AND c.oid <> r.oid`,
  );
}

/** The sequences of the public schema (serial and identity columns). */
export async function selectSequenceNames(client: SqlClient): Promise<string[]> {
  const rows = await querySql<{ name: string }>(
    client,
    Prisma.sql`
    SELECT c.relname::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'S' AND n.nspname = 'public' ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

/** A sequence's state (not transactional: at least what any snapshot's rows used). */
export async function selectSequenceValue(client: SqlClient, name: string): Promise<{ lastValue: string; isCalled: boolean }> {
  const row = await queryOne<{ last_value: string; is_called: boolean }>(
    client,
    Prisma.sql`SELECT last_value::text, is_called FROM ${identifier(name)}`,
  );
  return { lastValue: row!.last_value, isCalled: row!.is_called };
}

export async function setSequenceValue(client: SqlClient, sequence: { name: string; lastValue: string; isCalled: boolean }): Promise<void> {
  await runSql(
    client,
    Prisma.sql`SELECT setval(${quoteIdentifier(sequence.name)}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
  );
}

/**
 * The moment of the snapshot (its first statement fixes it), the audit chain's head in it, and its
 * emails and attachments (each references one blob; several can share one).
 */
export async function selectSnapshotMoment(client: SqlClient) {
  const row = await queryOne<{ snapshot_at: Date; head_id: string | null; head_hash: string | null; referencing_rows: number }>(
    client,
    Prisma.sql`
    SELECT now() AS snapshot_at, head.id::text AS head_id, head.current_hash AS head_hash,
           ((SELECT count(*) FROM archived_emails) + (SELECT count(*) FROM attachments))::float8 AS referencing_rows
      FROM (SELECT 1) AS one LEFT JOIN LATERAL (SELECT id, current_hash FROM audit_logs ORDER BY id DESC LIMIT 1) AS head ON true`,
  );
  return row!;
}

/** Names of the migrations applied to completion, in order. */
export async function selectFinishedMigrations(client: SqlClient): Promise<string[]> {
  const rows = await querySql<{ name: string }>(
    client,
    Prisma.sql`
    SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  );
  return rows.map((row) => row.name);
}

/** Names of the migrations not rolled back (finished or not), or null when the database has no migration history. */
export async function selectRecordedMigrations(client: SqlClient): Promise<string[] | null> {
  const history = await queryOne<{ ok: boolean }>(client, Prisma.sql`SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS ok`);
  if (!history!.ok) return null;
  const rows = await querySql<{ name: string }>(
    client,
    Prisma.sql`SELECT migration_name AS name FROM _prisma_migrations WHERE rolled_back_at IS NULL`,
  );
  return rows.map((row) => row.name);
}

export async function tableHasRows(client: SqlClient, table: string): Promise<boolean> {
  const row = await queryOne<{ filled: boolean }>(client, Prisma.sql`SELECT EXISTS (SELECT 1 FROM ${identifier(table)}) AS filled`);
  return row!.filled;
}

export async function deleteAllRows(client: SqlClient, table: string): Promise<void> {
  await runSql(client, Prisma.sql`DELETE FROM ${identifier(table)}`);
}

/** Turns a table's own triggers (not the foreign keys' system triggers) off or on again. */
export async function setUserTriggers(client: SqlClient, table: string, enabled: boolean): Promise<void> {
  await runSql(client, Prisma.sql`ALTER TABLE ${identifier(table)} ${Prisma.raw(enabled ? "ENABLE" : "DISABLE")} TRIGGER USER`);
}

const copyColumns = (table: TableShape) => `${quoteIdentifier(table.name)} (${table.columns.map(quoteIdentifier).join(", ")})`;

/** COPY's formats: text, or binary (PostgreSQL's own send/receive form of each value). */
export type CopyFormat = "text" | "binary";

const copyOptions = (format: CopyFormat) => (format === "binary" ? " (FORMAT binary)" : "");

/** A table's rows in the COPY format given, as a stream (pg-copy-streams; `rowCount` once it ended). */
export function copyTableOut(client: pg.ClientBase, table: TableShape, format: CopyFormat) {
  return client.query(copyTo(`COPY ${copyColumns(table)} TO STDOUT${copyOptions(format)}`));
}

/** A writable stream loading rows in the COPY format given into the table (`rowCount` once it finished). */
export function copyTableIn(client: pg.ClientBase, table: TableShape, format: CopyFormat) {
  return client.query(copyFrom(`COPY ${copyColumns(table)} FROM STDIN${copyOptions(format)}`));
}

/** Opens, in the caller's transaction, a cursor over every stored key an email or attachment references. */
export async function declareReferencedBlobsCursor(client: pg.ClientBase): Promise<void> {
  await runSql(
    client,
    Prisma.sql`DECLARE referenced_blobs NO SCROLL CURSOR FOR
      SELECT storage_path AS key FROM archived_emails UNION SELECT storage_path FROM attachments`,
  );
}

export async function fetchReferencedBlobs(client: pg.ClientBase, count: number): Promise<{ key: string }[]> {
  return querySql(client, Prisma.sql`FETCH FORWARD ${Prisma.raw(String(Math.trunc(count)))} FROM referenced_blobs`);
}

/** Where the blob walk of `archive check` stopped: the table walked, the last id checked there, and the walk's state. */
export interface CheckCursorRow {
  kind: string;
  afterId: string | null;
  state: unknown;
}

const BLOB_WALK = "stored bytes";

export async function selectCheckCursor(client: SqlClient): Promise<CheckCursorRow | null> {
  return queryOne(client, Prisma.sql`SELECT kind, after_id::text AS "afterId", state FROM check_cursors WHERE name = ${BLOB_WALK}`);
}

export async function saveCheckCursor(client: SqlClient, cursor: CheckCursorRow): Promise<void> {
  await runSql(
    client,
    Prisma.sql`
    INSERT INTO check_cursors (name, kind, after_id, state, updated_at)
    VALUES (${BLOB_WALK}, ${cursor.kind}, ${cursor.afterId}::uuid, ${JSON.stringify(cursor.state)}::jsonb, now())
    ON CONFLICT (name) DO UPDATE SET kind = excluded.kind, after_id = excluded.after_id, state = excluded.state, updated_at = now()`,
  );
}

export async function deleteCheckCursor(client: SqlClient): Promise<void> {
  await runSql(client, Prisma.sql`DELETE FROM check_cursors WHERE name = ${BLOB_WALK}`);
}

/** A round trip to the database (the health endpoint's reachability check). */
export async function pingDatabase(client: SqlClient): Promise<void> {
  await querySql(client, Prisma.sql`SELECT 1`);
}
