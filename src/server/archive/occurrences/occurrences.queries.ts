import { Prisma } from "@/generated/prisma/client";
import { querySql, runSql, type SqlClient } from "../../platform/db/sql-client";

/**
 * An occurrence's folder is the email's `path` cut to this many characters, so that the primary key
 * (source, mailbox, folder, email) always fits a B-tree entry (migration 20261127230000_email_occurrences).
 */
export const OCCURRENCE_FOLDER_MAX = 300;

/**
 * The INSERT of the ingest statement's occurrences (email-rows.queries.ts, insertArchivedEmails),
 * over its CTEs `input` (the batch's rows) and `inserted` (RETURNING id, ingestion_source_id,
 * user_email, storage_hash_sha256): each input row is an occurrence of the email it inserted, of
 * an earlier row of the batch with the same bytes, or of the email archived before with them (the
 * sub-select runs only for rows the insert skipped). The key makes a re-sync add nothing.
 * Occurrences are inserted in their key's order (folder, then email), here and in
 * insertDuplicateOccurrences, so two batches recording the same ones wait in one order, never in a
 * deadlock.
 */
export const INSERT_BATCH_OCCURRENCES = Prisma.sql`
    INSERT INTO email_occurrences (email_id, ingestion_source_id, mailbox, folder, first_seen_at, envelope_recipients)
    SELECT o.email_id, o."ingestionSourceId", o."userEmail", left(o."path", ${OCCURRENCE_FOLDER_MAX}), o."archivedAt", o."envelopeRecipients"
    FROM (
      SELECT r."ingestionSourceId", r."userEmail", r."path", r."archivedAt", r."envelopeRecipients",
        coalesce(i.id, (SELECT e.id FROM archived_emails e WHERE e.ingestion_source_id = r."ingestionSourceId"
          AND e.user_email = r."userEmail" AND e.storage_hash_sha256 = r."storageHashSha256")) AS email_id
      FROM input r LEFT JOIN inserted i ON i.ingestion_source_id = r."ingestionSourceId" AND i.user_email = r."userEmail"
        AND i.storage_hash_sha256 = r."storageHashSha256") o
    WHERE o.email_id IS NOT NULL
    ORDER BY 4, 1
    ON CONFLICT DO NOTHING`;

export interface SeenAgain {
  rawHash: string;
  folder: string;
  envelopeRecipients: string[];
}

/**
 * Records where duplicates were seen (messages whose bytes the source archived for the mailbox
 * before): one INSERT for the batch, each an occurrence of the email with those bytes. Returns how
 * many occurrences were new.
 */
export function insertDuplicateOccurrences(
  client: SqlClient,
  options: { sourceId: string; userEmail: string; seen: SeenAgain[] },
): Promise<number> {
  if (options.seen.length === 0) return Promise.resolve(0);
  return runSql(
    client,
    Prisma.sql`
    INSERT INTO email_occurrences (email_id, ingestion_source_id, mailbox, folder, envelope_recipients)
    SELECT e.id, e.ingestion_source_id, e.user_email, left(s."folder", ${OCCURRENCE_FOLDER_MAX}), s."envelopeRecipients"
    FROM json_to_recordset(${JSON.stringify(options.seen)}::json) AS s("rawHash" text, "folder" text, "envelopeRecipients" text[])
    JOIN archived_emails e ON e.storage_hash_sha256 = s."rawHash"
      AND e.ingestion_source_id = ${options.sourceId}::uuid AND e.user_email = ${options.userEmail}
    ORDER BY 4, 1
    ON CONFLICT DO NOTHING`,
  );
}

export interface OccurrenceRow {
  emailId: string;
  ingestionSourceId: string;
  sourceName: string;
  mailbox: string;
  folder: string;
  firstSeenAt: Date;
  envelopeRecipients: string[];
}

/**
 * Every occurrence of the bytes of `emailId` that the caller may read: the email's own, and those of
 * the emails with the same bytes in other mailboxes or sources (each mailbox keeps its own row,
 * docs/archive.md). `visible` is the caller's scope condition on `archived_emails e`.
 */
export function occurrencesOfBytes(client: SqlClient, emailId: string, visible: Prisma.Sql): Promise<OccurrenceRow[]> {
  return querySql<OccurrenceRow>(
    client,
    Prisma.sql`
    SELECT o.email_id AS "emailId", o.ingestion_source_id AS "ingestionSourceId", s.name AS "sourceName", o.mailbox, o.folder,
      o.first_seen_at AS "firstSeenAt", coalesce(o.envelope_recipients, '{}') AS "envelopeRecipients"
    FROM archived_emails self
    JOIN archived_emails e ON e.storage_hash_sha256 = self.storage_hash_sha256
    JOIN email_occurrences o ON o.email_id = e.id
    JOIN ingestion_sources s ON s.id = o.ingestion_source_id
    WHERE self.id = ${emailId}::uuid AND (e.id = self.id OR ${visible})
    ORDER BY o.first_seen_at, s.name, o.mailbox, o.folder
    LIMIT 1000`,
  );
}

export interface FolderCountRow {
  ingestionSourceId: string;
  sourceName: string;
  mailbox: string;
  folder: string;
  count: number;
}

const folderFilters = (options: { sourceId?: string; mailbox?: string }, alias: Prisma.Sql): Prisma.Sql[] => [
  ...(options.sourceId ? [Prisma.sql`${alias}.ingestion_source_id = ${options.sourceId}::uuid`] : []),
  ...(options.mailbox ? [Prisma.sql`${alias}.mailbox = ${options.mailbox}`] : []),
];
const whereAll = (conditions: Prisma.Sql[]) => (conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty);
const FOLDER_ORDER = Prisma.sql`ORDER BY lower(s.name), g.ingestion_source_id, g.mailbox, g.folder`;

/**
 * The emails per source, mailbox and folder the caller may read (`visible`, a condition on
 * `archived_emails e`): each occurrence joined to its email (a message in two folders counts in both).
 */
export function visibleFolderCounts(
  client: SqlClient,
  options: { visible: Prisma.Sql; sourceId?: string; mailbox?: string },
): Promise<FolderCountRow[]> {
  return querySql<FolderCountRow>(
    client,
    Prisma.sql`
    SELECT g.ingestion_source_id AS "ingestionSourceId", s.name AS "sourceName", g.mailbox, g.folder, g.count
    FROM (
      SELECT o.ingestion_source_id, o.mailbox, o.folder, count(*)::int AS count
      FROM email_occurrences o JOIN archived_emails e ON e.id = o.email_id
      ${whereAll([...folderFilters(options, Prisma.sql`o`), options.visible])}
      GROUP BY o.ingestion_source_id, o.mailbox, o.folder) g
    JOIN ingestion_sources s ON s.id = g.ingestion_source_id
    ${FOLDER_ORDER}`,
  );
}

/**
 * The emails per source, mailbox and folder of the whole archive, from the kept counts (statement
 * triggers on email_occurrences append signed deltas, migration 20261127230000_email_occurrences):
 * O(folders + pending deltas), never a count of the occurrences. `deltas`: rows summed per folder.
 */
export function keptFolderCounts(
  client: SqlClient,
  options: { sourceId?: string; mailbox?: string },
): Promise<(FolderCountRow & { deltas: number })[]> {
  return querySql<FolderCountRow & { deltas: number }>(
    client,
    Prisma.sql`
    SELECT g.ingestion_source_id AS "ingestionSourceId", s.name AS "sourceName", g.mailbox, g.folder, g.count, g.deltas
    FROM (
      SELECT d.ingestion_source_id, d.mailbox, d.folder, sum(d.delta)::int AS count, count(*)::int AS deltas
      FROM folder_email_count_deltas d ${whereAll(folderFilters(options, Prisma.sql`d`))}
      GROUP BY d.ingestion_source_id, d.mailbox, d.folder) g
    JOIN ingestion_sources s ON s.id = g.ingestion_source_id
    ${FOLDER_ORDER}`,
  );
}

/**
 * Replaces a source's folder deltas by one row per folder (none for an empty one), in one
 * statement, exact under concurrent appends and folds; the source row is locked first, in the order
 * a source's deletion takes them (see kept-counts.ts, foldDeltas).
 */
export function foldFolderDeltas(client: SqlClient, sourceId: string): Promise<number> {
  return runSql(
    client,
    Prisma.sql`
    WITH owner AS (SELECT id FROM ingestion_sources WHERE id = ${sourceId}::uuid FOR KEY SHARE),
         folded AS (DELETE FROM folder_email_count_deltas WHERE ingestion_source_id = (SELECT id FROM owner)
                    RETURNING mailbox, folder, delta)
    INSERT INTO folder_email_count_deltas (ingestion_source_id, mailbox, folder, delta)
    SELECT ${sourceId}::uuid, mailbox, folder, sum(delta) FROM folded GROUP BY mailbox, folder HAVING sum(delta) <> 0`,
  );
}

/** SQL condition on `archived_emails e`: one of its occurrences is in a folder of that name (the search language's `folder:`). */
export function inFolderSql(folder: string): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM email_occurrences o WHERE o.email_id = e.id AND o.folder = ${folder.slice(0, OCCURRENCE_FOLDER_MAX)})`;
}
