import { Prisma } from "@/generated/prisma/client";
import type { ArchiveCondition } from "../identity/authz/ability";
import { queryOne, querySql, runSql, type SqlClient } from "../platform/db/sql-client";
import type { ExportQuery } from "./create-export";

/** One exported message as the export fixed it when it started (ediscovery_export_items). */
export interface ExportItem {
  seq: number;
  email_id: string;
  message_id: string;
  storage_path: string;
  sha256: string;
  /** Text: int8 arrives as a string through `pg` and as a BigInt through Prisma; the SQL casts it. */
  size_bytes: string;
  sent_at: Date;
  from_address: string;
  to_addresses: string | null;
  cc_addresses: string | null;
  subject: string;
  mailbox: string;
  ingestion_source_id: string;
}

/** What a batch learnt of each message it wrote: its size and the recipients its own headers name. */
export interface WrittenItem {
  seq: number;
  size: number;
  to: string;
  cc: string;
}

/**
 * Takes the lease of the oldest export that is queued, or running under a lease no worker renewed
 * within `leaseSeconds` (its worker died). Answers its id, or null when none is due.
 */
export async function claimDueExport(client: SqlClient, workerId: string, leaseSeconds: number): Promise<string | null> {
  const claimed = await queryOne<{ id: string }>(
    client,
    Prisma.sql`
      UPDATE ediscovery_exports SET locked_at = now(), locked_by = ${workerId}
      WHERE id = (
        SELECT id FROM ediscovery_exports
        WHERE status IN ('queued', 'running')
          AND (locked_at IS NULL OR locked_at < now() - make_interval(secs => ${leaseSeconds}))
        ORDER BY created_at, id
        FOR UPDATE SKIP LOCKED
        LIMIT 1)
      RETURNING id`,
  );
  return claimed?.id ?? null;
}

export interface LockedExport {
  status: string;
  locked_by: string | null;
  query_used: ExportQuery;
  scope: ArchiveCondition[] | null;
  case_id: string;
}

export async function lockExport(client: SqlClient, exportId: string): Promise<LockedExport | null> {
  return queryOne<LockedExport>(
    client,
    Prisma.sql`SELECT status, locked_by, query_used, scope, case_id FROM ediscovery_exports WHERE id = ${exportId}::uuid FOR UPDATE`,
  );
}

/** What writing an item needs of it (the rest is for the manifest): a batch's rows are read, kept and sent to the threads. */
export type ItemToWrite = Pick<ExportItem, "seq" | "email_id" | "storage_path" | "sha256" | "sent_at" | "from_address">;

/** The export's items after `afterSeq` to write, in seq order: one keyset page. */
export async function exportItemsToWrite(client: SqlClient, exportId: string, afterSeq: number, limit: number): Promise<ItemToWrite[]> {
  return querySql<ItemToWrite>(
    client,
    Prisma.sql`
      SELECT seq, email_id, storage_path, sha256, sent_at, from_address
      FROM ediscovery_export_items WHERE export_id = ${exportId}::uuid AND seq > ${afterSeq} ORDER BY seq LIMIT ${limit}`,
  );
}

/**
 * The export's items after `afterSeq`, in seq order, with what writing them recorded (exports begun
 * before ediscovery_export_written_items recorded it in the item rows): one keyset page. Two range
 * reads by primary key, merged here: joined, the planner misjudged a running export's rows
 * (estimated 1) and compared every page's items with all its written rows.
 */
export async function exportItemsAfter(client: SqlClient, exportId: string, afterSeq: number, limit: number): Promise<ExportItem[]> {
  const items = await querySql<ExportItem>(
    client,
    Prisma.sql`
      SELECT seq, email_id, message_id, storage_path, sha256, size_bytes::text AS size_bytes, sent_at, from_address, to_addresses, cc_addresses, subject,
        mailbox, ingestion_source_id
      FROM ediscovery_export_items WHERE export_id = ${exportId}::uuid AND seq > ${afterSeq} ORDER BY seq LIMIT ${limit}`,
  );
  if (items.length === 0) return items;
  const written = await querySql<Pick<ExportItem, "seq" | "size_bytes" | "to_addresses" | "cc_addresses">>(
    client,
    Prisma.sql`
      SELECT seq, size_bytes::text AS size_bytes, to_addresses, cc_addresses FROM ediscovery_export_written_items
      WHERE export_id = ${exportId}::uuid AND seq > ${afterSeq} AND seq <= ${items[items.length - 1].seq} ORDER BY seq`,
  );
  const bySeq = new Map(written.map((record) => [record.seq, record]));
  return items.map((item) => ({ ...item, ...bySeq.get(item.seq) }));
}

/**
 * Records a written batch in one statement (so atomically, without a transaction of its own): its
 * items' sizes and recipients, appended, and the export's resume point and byte count, which renews
 * the lease. Answers false when the export is no longer this worker's to run (taken over, cancelled).
 */
export async function recordExportBatch(
  client: SqlClient,
  batch: { exportId: string; workerId: string; lastSeq: number; bytes: number; written: WrittenItem[] },
): Promise<boolean> {
  const { written } = batch;
  const updated = await runSql(
    client,
    Prisma.sql`
      WITH progress AS (
        UPDATE ediscovery_exports SET processed_items = ${batch.lastSeq}, bytes = bytes + ${batch.bytes}, locked_at = now()
        WHERE id = ${batch.exportId}::uuid AND locked_by = ${batch.workerId} AND status = 'running'
        RETURNING id)
      INSERT INTO ediscovery_export_written_items (export_id, seq, size_bytes, to_addresses, cc_addresses)
      SELECT progress.id, w.seq, w.size, w.to_addresses, w.cc_addresses
      FROM progress, unnest(${written.map((w) => w.seq)}::int[], ${written.map((w) => w.size)}::bigint[],
        ${written.map((w) => w.to)}::text[], ${written.map((w) => w.cc)}::text[]) AS w(seq, size, to_addresses, cc_addresses)`,
  );
  return updated > 0;
}

/** Marks the export completed if this worker still runs it; answers whether it did. */
export async function completeExport(client: SqlClient, exportId: string, workerId: string, manifestSha256: string): Promise<boolean> {
  const completed = await runSql(
    client,
    Prisma.sql`
      UPDATE ediscovery_exports SET status = 'completed', manifest_sha256 = ${manifestSha256}, completed_at = now(), locked_at = NULL, locked_by = NULL
      WHERE id = ${exportId}::uuid AND locked_by = ${workerId} AND status = 'running'`,
  );
  return completed > 0;
}

export async function releaseExportLease(client: SqlClient, exportId: string, workerId: string): Promise<void> {
  await runSql(
    client,
    Prisma.sql`UPDATE ediscovery_exports SET locked_at = NULL, locked_by = NULL WHERE id = ${exportId}::uuid AND locked_by = ${workerId}`,
  );
}

export async function exportStatusForUpdate(client: SqlClient, exportId: string): Promise<string | null> {
  const row = await queryOne<{ status: string }>(
    client,
    Prisma.sql`SELECT status FROM ediscovery_exports WHERE id = ${exportId}::uuid FOR UPDATE`,
  );
  return row?.status ?? null;
}

/**
 * For an engine without matchingCondition: a transaction-scoped table of the ids it listed, filled
 * by selectEmailIds; `inExportSelection` is the condition that selects them.
 */
export async function createExportSelection(client: SqlClient): Promise<void> {
  await runSql(client, Prisma.sql`CREATE TEMPORARY TABLE export_selection (id uuid PRIMARY KEY) ON COMMIT DROP`);
}

export async function selectEmailIds(client: SqlClient, ids: string[]): Promise<void> {
  await runSql(client, Prisma.sql`INSERT INTO export_selection SELECT unnest(${ids}::uuid[]) ON CONFLICT DO NOTHING`);
}

export const inExportSelection = Prisma.sql`e.id IN (SELECT id FROM export_selection)`;

export const onHold = (holdId: string) =>
  Prisma.sql`EXISTS (SELECT 1 FROM email_legal_holds h WHERE h.email_id = e.id AND h.legal_hold_id = ${holdId}::uuid)`;

/** The selection narrowed to what a reviewer must read: no inclusive copy, nothing wholly contained in a later email (an email not analysed yet stays in). */
export const mustBeReadOf = (selection: Prisma.Sql) =>
  Prisma.sql`${selection} AND NOT EXISTS (SELECT 1 FROM email_analysis an WHERE an.email_id = e.id AND an.thread_class IN ('inclusive_copy', 'none'))`;

export const taggedWith = (tagId: string) =>
  Prisma.sql`EXISTS (SELECT 1 FROM ediscovery_tagged_emails t WHERE t.email_id = e.id AND t.tag_id = ${tagId}::uuid)`;

/**
 * The emails satisfying `selection` (a condition on `archived_emails e`: the export's source) that
 * `scope` lets the creator read become the export's items, in one statement, numbered in
 * (sentAt, id) order with the metadata of their manifest lines (`scope` null: every one). Answers how many.
 */
export async function insertExportItems(
  client: SqlClient,
  options: { exportId: string; selection: Prisma.Sql; scope: Prisma.Sql | null },
): Promise<number> {
  const { exportId, selection, scope } = options;
  return runSql(
    client,
    Prisma.sql`
      INSERT INTO ediscovery_export_items
        (export_id, seq, email_id, message_id, storage_path, sha256, size_bytes, sent_at, from_address, subject, mailbox, ingestion_source_id)
      SELECT ${exportId}::uuid, row_number() OVER (ORDER BY e.sent_at, e.id), e.id, e.message_id_header, e.storage_path,
        e.storage_hash_sha256, e.size_bytes, e.sent_at, e.sender_email, e.subject, e.user_email, e.ingestion_source_id
      FROM archived_emails e
      WHERE ${selection} AND ${scope ?? Prisma.sql`TRUE`}`,
  );
}
