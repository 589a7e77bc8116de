import { Prisma } from "@/generated/prisma/client";
import type { ArchiveCondition } from "../authz/ability";
import type { Tx } from "../db/client";
import { scopeCondition } from "../search/postgres-search-conditions.queries";
import { searchEngine } from "../search/search-engine-factory";
import type { ExportQuery } from "./create-export";

const SNAPSHOT_PAGE_SIZE = 5000;

/**
 * Fixes the export's set of emails, once, inside the caller's transaction: the selection's ids
 * (every match of the query read through one cursor, or the hold's or tag's links), narrowed by
 * the creator's role conditions, become the export's items, numbered in (sentAt, id) order with
 * the metadata of their manifest lines. Answers how many there are.
 */
export async function snapshotExportItems(
  tx: Tx,
  options: { exportId: string; query: ExportQuery; scope: ArchiveCondition[] | null },
): Promise<number> {
  await tx.$executeRaw`CREATE TEMPORARY TABLE export_selection (id uuid PRIMARY KEY) ON COMMIT DROP`;
  const { query } = options;
  if (query.kind === "search") {
    for await (const ids of searchEngine().searchAllIds({ query: query.searchQuery, scope: options.scope, pageSize: SNAPSHOT_PAGE_SIZE })) {
      await tx.$executeRaw`INSERT INTO export_selection SELECT unnest(${ids}::uuid[]) ON CONFLICT DO NOTHING`;
    }
  } else if (query.kind === "hold") {
    await tx.$executeRaw`INSERT INTO export_selection SELECT email_id FROM email_legal_holds WHERE legal_hold_id = ${query.holdId}::uuid`;
  } else {
    await tx.$executeRaw`INSERT INTO export_selection SELECT email_id FROM ediscovery_tagged_emails WHERE tag_id = ${query.tagId}::uuid`;
  }
  const scope = scopeCondition(options.scope) ?? Prisma.sql`TRUE`;
  return tx.$executeRaw`
    INSERT INTO ediscovery_export_items
      (export_id, seq, email_id, message_id, storage_path, sha256, size_bytes, sent_at, from_address, subject, mailbox, ingestion_source_id)
    SELECT ${options.exportId}::uuid, row_number() OVER (ORDER BY e.sent_at, e.id), e.id, e.message_id_header, e.storage_path,
      e.storage_hash_sha256, e.size_bytes, e.sent_at, e.sender_email, e.subject, e.user_email, e.ingestion_source_id
    FROM export_selection s JOIN archived_emails e ON e.id = s.id
    WHERE ${scope}`;
}
