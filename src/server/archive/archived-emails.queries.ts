import { Prisma } from "@/generated/prisma/client";
import type { Principal } from "../identity/auth/principal";
import { contentScope } from "../identity/authz/content-scope";
import { keptCountJoin, SOURCE_EMAIL_COUNT } from "../platform/db/kept-counts";
import { queryOne, querySql, runSql, type SqlClient } from "../platform/db/sql-client";
import { scopeCondition } from "./archive-scope.queries";

/** SQL condition on `archived_emails e` for the emails the caller's role lets them read. */
export function visibleEmailsCondition(principal: Principal): Prisma.Sql {
  return scopeCondition(contentScope(principal.ability)) ?? Prisma.sql`TRUE`;
}

export interface EmailScopeFields {
  id: string;
  userEmail: string;
  ingestionSourceId: string;
  senderEmail: string;
  /** Internal participants of journaled mail (docs/journaling.md), matched like the mailbox. */
  participantEmails: string[];
}

export interface LockedEmail extends EmailScopeFields {
  storageHashSha256: string;
}

/**
 * The statement locking one email and reading its LockedEmail fields: FOR UPDATE to delete it, FOR
 * KEY SHARE to link a hold or label to it (a concurrent deletion then waits, or skips it).
 */
export function lockEmailSql(emailId: string, mode: "update" | "key share"): Prisma.Sql {
  const lock = mode === "update" ? Prisma.sql`FOR UPDATE` : Prisma.sql`FOR KEY SHARE`;
  return Prisma.sql`
    SELECT id, user_email AS "userEmail", ingestion_source_id::text AS "ingestionSourceId", sender_email AS "senderEmail",
      participant_emails AS "participantEmails", storage_hash_sha256 AS "storageHashSha256"
    FROM archived_emails WHERE id = ${emailId}::uuid ${lock}`;
}

export function lockEmail(client: SqlClient, emailId: string, mode: "update" | "key share"): Promise<LockedEmail | null> {
  return queryOne<LockedEmail>(client, lockEmailSql(emailId, mode));
}

/**
 * The emails of `ids` that still exist, locked FOR KEY SHARE (one by one through the primary key,
 * a join on `unnest`: see bulkApplyHold), as `SELECT e.id`: the rows a set-based link insert selects.
 */
export function keyShareLockedEmailsSql(ids: string[]): Prisma.Sql {
  return Prisma.sql`SELECT e.id FROM unnest(${ids}::uuid[]) AS wanted(id) JOIN archived_emails e ON e.id = wanted.id FOR KEY SHARE OF e`;
}

/** The links of `e` to active legal holds: what protects an email, for the condition and the flag alike. */
const ACTIVE_HOLD_LINKS = Prisma.sql`FROM email_legal_holds link JOIN legal_holds hold ON hold.id = link.legal_hold_id
  WHERE link.email_id = e.id AND hold.is_active`;

/** True when an active legal hold protects `e`. */
export const ACTIVE_HOLD_EXISTS = Prisma.sql`EXISTS (SELECT 1 ${ACTIVE_HOLD_LINKS})`;

/**
 * The select list of a summary over `archived_emails e`, named as the summary's fields. Add
 * ACTIVE_HOLD_FLAG (and ACTIVE_HOLD_JOIN) to it where the rows are few (by id), or over a page already limited
 * (summaryPageSql): one statement per page instead of a row query plus a hold query.
 * SUMMARY_COLUMNS_BUT_ID is the same list for a select whose `id` column comes from elsewhere (a
 * search page's rows, postgres-search-snippet.queries.ts).
 */
export const SUMMARY_COLUMNS_BUT_ID = Prisma.sql`
  e.ingestion_source_id AS "ingestionSourceId", e.user_email AS "userEmail", e.message_id_header AS "messageIdHeader",
  e.sent_at AS "sentAt", e.subject, e.sender_name AS "senderName", e.sender_email AS "senderEmail", e.recipients,
  e.storage_path AS "storagePath", e.storage_hash_sha256 AS "storageHashSha256", e.size_bytes AS "sizeBytes",
  e.is_indexed AS "isIndexed", e.has_attachments AS "hasAttachments", e.archived_at AS "archivedAt", e.path, e.tags,
  e.sent_at_fallback AS "sentAtFallback"`;
export const SUMMARY_COLUMNS = Prisma.sql`e.id, ${SUMMARY_COLUMNS_BUT_ID}`;

/**
 * Whether an active hold protects `e`, as the select item "isOnLegalHold"; it needs ACTIVE_HOLD_JOIN
 * after `e` in the FROM list.
 */
export const ACTIVE_HOLD_FLAG = Prisma.sql`held.flag IS NOT NULL AS "isOnLegalHold"`;

/**
 * The lateral join behind ACTIVE_HOLD_FLAG: one probe of the email's links per row. As an EXISTS
 * the planner may instead hash every active link at each statement (it did for a 20-row page over
 * 814 links: 0.78 against 0.17 ms), and over a long ordered scan that a LIMIT stops early it always
 * does, which a 100,000-email hold made cost ~80 ms per page. The LIMIT keeps the probe per row.
 * The hold is looked up per link (a subquery) rather than joined: as a join over the few holds
 * the planner hashed the email's links again for every row, 45 % of a page of 20's time.
 */
export const ACTIVE_HOLD_JOIN = Prisma.sql`LEFT JOIN LATERAL (
    SELECT true AS flag FROM email_legal_holds link
    WHERE link.email_id = e.id AND (SELECT hold.is_active FROM legal_holds hold WHERE hold.id = link.legal_hold_id) LIMIT 1
  ) held ON true`;

/**
 * One page of summaries: `page` selects SUMMARY_COLUMNS over `e` with its order, limit and offset;
 * the hold flag is added over the page's rows only, which are then put back in `order`.
 */
export function summaryPageSql(page: Prisma.Sql, order: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT e.*, ${ACTIVE_HOLD_FLAG} FROM (${page}) e ${ACTIVE_HOLD_JOIN} ORDER BY ${order}`;
}

/** A row selected with SUMMARY_COLUMNS and ACTIVE_HOLD_FLAG. */
export interface SummaryRow {
  id: string;
  ingestionSourceId: string;
  userEmail: string;
  messageIdHeader: string;
  sentAt: Date;
  subject: string;
  senderName: string;
  senderEmail: string;
  recipients: unknown;
  storagePath: string;
  storageHashSha256: string;
  sizeBytes: bigint;
  isIndexed: boolean;
  hasAttachments: boolean;
  archivedAt: Date;
  path: string;
  tags: string[];
  /** Why sentAt is the archive time (no usable Date header), or null when it is the Date header's. */
  sentAtFallback: string | null;
  isOnLegalHold: boolean;
}

/** A SummaryRow read with sql-client's timestampsAsText: its timestamps as PostgreSQL's text. */
export type SummaryTextRow = Omit<SummaryRow, "sentAt" | "archivedAt"> & { sentAt: string; archivedAt: string };

/** Summary rows of the given ids, in no particular order. */
export function selectEmailSummaries(client: SqlClient, ids: string[]): Promise<SummaryRow[]> {
  return querySql<SummaryRow>(
    client,
    Prisma.sql`SELECT ${SUMMARY_COLUMNS}, ${ACTIVE_HOLD_FLAG} FROM archived_emails e ${ACTIVE_HOLD_JOIN} WHERE e.id = ANY(${ids}::uuid[])`,
  );
}

export interface EmailDetailRow extends SummaryRow, EmailScopeFields {
  bodyText: string;
  envelopeFrom: string | null;
  envelopeRecipients: string[];
  bcc: string[];
  /** The Cc and Bcc addresses (lower-cased); null until the worker has read them for mail archived before they were kept. */
  ccEmails: string[] | null;
  bccEmails: string[] | null;
  attachments: { id: string; filename: string; mimeType: string; sizeBytes: number; storagePath: string }[];
  /** sentAt in epoch milliseconds (json has no timestamp type). */
  thread: { id: string; subject: string; sentAt: number; senderEmail: string }[];
  /** Review analytics (docs/ediscovery.md): null until the worker analysed the email; sizes count what `principal` may read. */
  conversation: { id: string; size: number; class: string } | null;
  nearDuplicates: { groupId: string; size: number; similarity: number; pivot: boolean } | null;
  languages: { code: string; share: number }[] | null;
}

/**
 * One email with its attachments and thread (the other emails of the conversation `principal` may
 * read, oldest first, at most `maxThreadItems`), in one statement.
 */
export function selectEmailDetail(
  client: SqlClient,
  options: { emailId: string; principal: Principal; maxThreadItems: number },
): Promise<EmailDetailRow | null> {
  return queryOne<EmailDetailRow>(
    client,
    Prisma.sql`
    WITH email AS (
      SELECT ${SUMMARY_COLUMNS}, ${ACTIVE_HOLD_FLAG}, e.body_text AS "bodyText", e.thread_key,
        e.participant_emails AS "participantEmails", e.envelope_from AS "envelopeFrom", e.envelope_recipients AS "envelopeRecipients",
        ARRAY(SELECT r->>'email' FROM jsonb_array_elements(e.recipients) r WHERE r->'bcc' = 'true'::jsonb) AS bcc,
        e.cc_emails AS "ccEmails", e.bcc_emails AS "bccEmails",
        (SELECT coalesce(json_agg(json_build_object(
                  'id', a.id, 'filename', a.filename, 'mimeType', a.mime_type, 'sizeBytes', a.size_bytes, 'storagePath', a.storage_path
                ) ORDER BY a.id), '[]'::json)
           FROM attachments a WHERE a.email_id = e.id) AS attachments
      FROM archived_emails e ${ACTIVE_HOLD_JOIN} WHERE e.id = ${options.emailId}::uuid
    )
    SELECT email.*,
      (SELECT json_build_object('id', an.conversation_id, 'class', an.thread_class,
                'size', (SELECT count(*) FROM email_analysis c JOIN archived_emails e ON e.id = c.email_id
                         WHERE c.conversation_id = an.conversation_id AND ${visibleEmailsCondition(options.principal)}))
         FROM email_analysis an WHERE an.email_id = email.id) AS conversation,
      (SELECT json_build_object('groupId', an.near_duplicate_group_id, 'similarity', an.near_duplicate_similarity, 'pivot', an.near_duplicate_pivot,
                'size', (SELECT count(*) FROM email_analysis c JOIN archived_emails e ON e.id = c.email_id
                         WHERE c.near_duplicate_group_id = an.near_duplicate_group_id AND ${visibleEmailsCondition(options.principal)}))
         FROM email_analysis an WHERE an.email_id = email.id AND an.near_duplicate_group_id IS NOT NULL) AS "nearDuplicates",
      (SELECT an.languages FROM email_analysis an WHERE an.email_id = email.id) AS languages,
      (SELECT coalesce(json_agg(json_build_object(
                'id', e.id, 'subject', e.subject, 'sentAt', (extract(epoch FROM e.sent_at) * 1000)::bigint, 'senderEmail', e.sender_email
              ) ORDER BY e.sent_at, e.id), '[]'::json)
         FROM (SELECT e.id, e.subject, e.sent_at, e.sender_email FROM archived_emails e
               WHERE e.thread_key = email.thread_key AND e.id <> email.id AND ${visibleEmailsCondition(options.principal)}
               ORDER BY e.sent_at, e.id LIMIT ${options.maxThreadItems}) e) AS thread
    FROM email`,
    { prepare: true },
  );
}

/** A page of the source's emails `principal` may read, with how many there are and whether the source exists. */
export interface SourceEmailPage {
  rows: SummaryTextRow[];
  total: number;
  /** The kept count's deltas read (0 for a caller whose emails are counted instead): fold them when they have piled up. */
  keptDeltas: number;
  sourceExists: boolean;
}

/**
 * The count of the source's emails `principal` may read, as `counted.total` and `counted.deltas`: the
 * trigger-kept count when the caller sees the whole archive, else a count under the role's conditions.
 */
function visibleSourceCountSql(sourceId: string, principal: Principal): Prisma.Sql {
  const scope = contentScope(principal.ability);
  if (scope === null)
    return Prisma.sql`(SELECT kept.total, kept.deltas FROM (SELECT ${sourceId}::uuid AS id) owner ${keptCountJoin(SOURCE_EMAIL_COUNT, Prisma.sql`owner.id`)})`;
  return Prisma.sql`(SELECT count(*) AS total, 0 AS deltas FROM archived_emails e
    WHERE e.ingestion_source_id = ${sourceId}::uuid AND ${visibleEmailsCondition(principal)})`;
}

/**
 * Whether the page's statement has one plan whatever its values: the first page of a caller who
 * sees the whole archive, whose LIMIT is a literal (pageBounds), so that it may run with its generic
 * plan from the first call (genericPlanReadPool). LIMIT and OFFSET as parameters make the planner
 * assume a tenth of the rows is wanted, and a role-scoped caller's best plan may depend on its
 * conditions' values: those pages are planned at every call.
 */
export function sourcePageHasOnePlan(options: { principal: Principal; limit: number; offset: number }): boolean {
  return (
    contentScope(options.principal.ability) === null && options.offset === 0 && Number.isSafeInteger(options.limit) && options.limit > 0
  );
}

/**
 * LIMIT and OFFSET of a page of the list: literals where the page has one plan (integers the query
 * schema bounded: limit 1-100, so at most 100 statement texts), else parameters, because a literal
 * offset would make a statement per page. As parameters the planner cannot know them, so a
 * prepared statement's generic plan looks dearer than a custom plan and PostgreSQL plans every call
 * anew (at 20 callers the statement ran at half the rate).
 */
function pageBounds(options: { principal: Principal; limit: number; offset: number }): Prisma.Sql {
  if (sourcePageHasOnePlan(options)) return Prisma.raw(`LIMIT ${options.limit}`);
  return Prisma.sql`LIMIT ${options.limit} OFFSET ${options.offset}`;
}

/**
 * A page of the source's emails `principal` may read, newest archived first, with their count and
 * whether the source exists, in one statement (one round trip instead of three).
 */
export async function selectSourceEmailPage(
  client: SqlClient,
  options: { sourceId: string; principal: Principal; limit: number; offset: number },
): Promise<SourceEmailPage> {
  const rows = await querySql<Partial<SummaryTextRow> & { counted_total: string | number; counted_deltas: number; source_exists: boolean }>(
    client,
    Prisma.sql`
      SELECT counted.total AS counted_total, counted.deltas AS counted_deltas,
        EXISTS (SELECT 1 FROM ingestion_sources s WHERE s.id = ${options.sourceId}::uuid) AS source_exists, page.*
      FROM ${visibleSourceCountSql(options.sourceId, options.principal)} counted
      LEFT JOIN LATERAL (${summaryPageSql(
        Prisma.sql`
          SELECT ${SUMMARY_COLUMNS} FROM archived_emails e
          WHERE e.ingestion_source_id = ${options.sourceId}::uuid AND ${visibleEmailsCondition(options.principal)}
          ORDER BY e.archived_at DESC, e.id DESC ${pageBounds(options)}`,
        Prisma.sql`e."archivedAt" DESC, e.id DESC`,
      )}) page ON true
      ORDER BY page."archivedAt" DESC, page.id DESC`,
    { prepare: true, timestampsAsText: true },
  );
  const first = rows[0];
  return {
    rows: first.id === null || first.id === undefined ? [] : (rows as SummaryTextRow[]),
    total: Number(first.counted_total),
    keptDeltas: Number(first.counted_deltas),
    sourceExists: first.source_exists,
  };
}

/** How many emails of each given source `principal` may read (sources without any are left out). */
export function countVisibleSourceEmails(
  client: SqlClient,
  principal: Principal,
  sourceIds: string[],
): Promise<{ id: string; n: number }[]> {
  return querySql<{ id: string; n: number }>(
    client,
    Prisma.sql`
    SELECT e.ingestion_source_id AS id, count(*)::int AS n FROM archived_emails e
    WHERE e.ingestion_source_id = ANY(${sourceIds}::uuid[]) AND ${visibleEmailsCondition(principal)}
    GROUP BY e.ingestion_source_id`,
  );
}

const unsearchableFrom = (principal: Principal) =>
  Prisma.sql`FROM attachments a JOIN archived_emails e ON e.id = a.email_id WHERE a.extraction_error IS NOT NULL AND ${visibleEmailsCondition(principal)}`;

export interface UnsearchableRow {
  email_id: string;
  subject: string;
  sent_at: Date;
  id: string;
  filename: string;
  mime_type: string;
  extraction_error: string;
}

/** Attachments `principal` may read whose text could not be extracted, newest email first. */
export function selectUnsearchablePage(
  client: SqlClient,
  options: { principal: Principal; limit: number; offset: number },
): Promise<UnsearchableRow[]> {
  return querySql<UnsearchableRow>(
    client,
    Prisma.sql`
      SELECT a.email_id, e.subject, e.sent_at, a.id, a.filename, a.mime_type, a.extraction_error ${unsearchableFrom(options.principal)}
      ORDER BY e.sent_at DESC, a.id LIMIT ${options.limit} OFFSET ${options.offset}`,
  );
}

export async function countUnsearchable(client: SqlClient, principal: Principal): Promise<number> {
  const row = await queryOne<{ total: bigint }>(client, Prisma.sql`SELECT count(*) AS total ${unsearchableFrom(principal)}`);
  return Number(row!.total);
}

/** The distinct content hashes of the attachments of `emailIds`. */
export async function attachmentHashesOf(client: SqlClient, emailIds: string[]): Promise<string[]> {
  const rows = await querySql<{ hash: string }>(
    client,
    Prisma.sql`SELECT DISTINCT hash_sha256 AS hash FROM attachments WHERE email_id = ANY(${emailIds}::uuid[])`,
  );
  return rows.map((row) => row.hash);
}

export function deleteEmailRow(client: SqlClient, emailId: string): Promise<number> {
  return runSql(client, Prisma.sql`DELETE FROM archived_emails WHERE id = ${emailId}::uuid`);
}
