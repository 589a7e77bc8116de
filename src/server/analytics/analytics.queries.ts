import { Prisma } from "@/generated/prisma/client";
import { queryOne, querySql, runSql, type SqlClient } from "../platform/db/sql-client";

/** Serialises analysis batches: two workers never thread the same conversation at once. */
export async function lockAnalysis(client: SqlClient): Promise<void> {
  await runSql(client, Prisma.sql`SELECT pg_advisory_xact_lock(hashtext('review_analytics'))`);
}

/** An email as the analysis reads it. */
export interface AnalysedEmailRow {
  id: string;
  messageIdHeader: string;
  inReplyTo: string | null;
  references: string[];
  subject: string;
  senderEmail: string;
  recipientEmails: string[];
  ccEmails: string[] | null;
  bodyText: string;
  attachments: string[];
}

const EMAIL_COLUMNS = Prisma.sql`e.id, e.message_id_header AS "messageIdHeader", e.in_reply_to AS "inReplyTo", e."references",
  e.subject, e.sender_email AS "senderEmail", e.recipient_emails AS "recipientEmails", e.cc_emails AS "ccEmails", e.body_text AS "bodyText",
  ARRAY(SELECT a.hash_sha256 FROM attachments a WHERE a.email_id = e.id ORDER BY a.hash_sha256) AS attachments`;

/** The oldest emails the analysis has not reached, locked for this batch. */
export function selectPendingEmails(client: SqlClient, limit: number): Promise<AnalysedEmailRow[]> {
  return querySql<AnalysedEmailRow>(
    client,
    Prisma.sql`SELECT ${EMAIL_COLUMNS} FROM analysis_queue q JOIN archived_emails e ON e.id = q.email_id
      ORDER BY q.archived_at, q.sent_at, q.email_id LIMIT ${limit} FOR UPDATE OF q, e SKIP LOCKED`,
  );
}

/**
 * Whether mail is being archived now: the newest email still waiting for analysis was archived
 * within `withinMs` (read from the queue's index, newest end).
 */
export async function isMailArriving(client: SqlClient, withinMs: number): Promise<boolean> {
  const rows = await querySql<{ arriving: boolean }>(
    client,
    Prisma.sql`SELECT coalesce(max(q.archived_at) > now() - make_interval(secs => ${withinMs / 1000}), false) AS arriving
      FROM analysis_queue q`,
  );
  return rows[0]?.arriving ?? false;
}

/** The bodies of the next pending emails after a batch (not locked: read ahead, for computing only). */
export function selectNextPendingBodies(client: SqlClient, batchIds: string[], limit: number): Promise<{ id: string; bodyText: string }[]> {
  return querySql<{ id: string; bodyText: string }>(
    client,
    Prisma.sql`SELECT e.id, e.body_text AS "bodyText" FROM analysis_queue q JOIN archived_emails e ON e.id = q.email_id
      WHERE q.email_id <> ALL (${batchIds}::uuid[])
      ORDER BY q.archived_at, q.sent_at, q.email_id LIMIT ${limit}`,
  );
}

export function selectEmailsForAnalysis(client: SqlClient, ids: string[]): Promise<AnalysedEmailRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return querySql<AnalysedEmailRow>(client, Prisma.sql`SELECT ${EMAIL_COLUMNS} FROM archived_emails e WHERE e.id = ANY(${ids}::uuid[])`);
}

export async function markAnalysed(client: SqlClient, ids: string[]): Promise<void> {
  await runSql(client, Prisma.sql`DELETE FROM analysis_queue WHERE email_id = ANY(${ids}::uuid[])`);
}

/** An email's place in its conversation. */
export interface ThreadPlaceRow {
  emailId: string;
  conversationId: string;
  parentId: string | null;
  parentRank: number | null;
  copyOf: string | null;
  replyKeys: string[];
}

const PLACE_COLUMNS = Prisma.sql`a.email_id AS "emailId", a.conversation_id AS "conversationId", a.parent_id AS "parentId",
  a.parent_rank AS "parentRank", a.copy_of AS "copyOf", a.reply_keys AS "replyKeys"`;

/** Which of these emails already have a place (analysed before; the settings changed since). */
export async function selectPlacedIds(client: SqlClient, emailIds: string[]): Promise<Set<string>> {
  const rows = await querySql<{ id: string }>(
    client,
    Prisma.sql`SELECT email_id AS id FROM email_analysis WHERE email_id = ANY(${emailIds}::uuid[])`,
  );
  return new Set(rows.map((row) => row.id));
}

export function selectThreadPlace(client: SqlClient, emailId: string): Promise<ThreadPlaceRow | null> {
  return queryOne<ThreadPlaceRow>(client, Prisma.sql`SELECT ${PLACE_COLUMNS} FROM email_analysis a WHERE a.email_id = ${emailId}::uuid`);
}

/** An analysed email with what the content-based threading compares. */
export type ThreadCandidateRow = ThreadPlaceRow & Omit<AnalysedEmailRow, "id">;

/** A stored original a batch's threading may meet: by its copy key (a copy, a parent) or its subject key (a header-less reply's parent). */
export type StoredOriginalRow = ThreadCandidateRow & { copyKey: string; subjectKey: string };

/** How many candidates one lookup answers: the most recently analysed originals of a subject, the near-duplicates sharing most bands. */
export const CANDIDATE_LIMIT = 50;

/** A stored original's place, with the keys it is found by. */
export type StoredPlaceRow = ThreadPlaceRow & { copyKey: string; subjectKey: string };

/**
 * Every stored original a batch's thread lookups can find, in two statements per batch rather than
 * two per email: the places of the originals of these copy keys (Message-IDs, or content without
 * one), and for each subject key the CANDIDATE_LIMIT most recently analysed originals with what the
 * content-based threading compares, in that order (a parent found by its Message-ID is most often
 * among its replies' subject candidates too: its body is sent once).
 */
export async function selectStoredOriginals(
  client: SqlClient,
  copyKeys: string[],
  subjectKeys: string[],
): Promise<{ byCopyKey: StoredPlaceRow[]; bySubjectKey: StoredOriginalRow[] }> {
  const keyColumns = Prisma.sql`${PLACE_COLUMNS}, a.copy_key AS "copyKey", a.subject_key AS "subjectKey"`;
  const byCopyKey =
    copyKeys.length === 0
      ? []
      : await querySql<StoredPlaceRow>(
          client,
          Prisma.sql`SELECT ${keyColumns} FROM email_analysis a WHERE a.copy_key = ANY(${copyKeys}::text[]) AND a.copy_of IS NULL`,
        );
  const bySubjectKey =
    subjectKeys.length === 0
      ? []
      : await querySql<StoredOriginalRow>(
          client,
          Prisma.sql`SELECT c.* FROM unnest(${subjectKeys}::text[]) WITH ORDINALITY AS s(key, position)
            CROSS JOIN LATERAL (SELECT ${keyColumns}, ${EMAIL_COLUMNS}, row_number() OVER (ORDER BY a.analysed_at DESC, a.email_id) AS rank
              FROM email_analysis a JOIN archived_emails e ON e.id = a.email_id
              WHERE a.subject_key = s.key AND a.copy_of IS NULL
              ORDER BY a.analysed_at DESC, a.email_id LIMIT ${CANDIDATE_LIMIT}) c
            ORDER BY s.position, c.rank`,
        );
  return { byCopyKey, bySubjectKey };
}

/** Analysed emails whose In-Reply-To or References name one of these keys (replies that arrived before the email they name, and their siblings). */
export function selectEmailsNaming(client: SqlClient, keys: string[]): Promise<ThreadPlaceRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  // One index probe per key: for a batch's hundreds of keys the planner reads `reply_keys && keys` as a scan of the whole table.
  return querySql<ThreadPlaceRow>(
    client,
    Prisma.sql`SELECT DISTINCT ON (a.email_id) ${PLACE_COLUMNS} FROM unnest(${keys}::text[]) AS k(key)
      CROSS JOIN LATERAL (SELECT * FROM email_analysis a WHERE a.reply_keys @> ARRAY[k.key]) a`,
  );
}

/** What an email's text gives, whatever its conversation: its near-duplicate signature and bands, and its languages. */
export interface TextColumns {
  signature: number[];
  bands: string[];
  textLength: number;
  languages: { code: string; share: number }[];
}

export interface AnalysisInsert {
  emailId: string;
  conversationId: string;
  parentId: string | null;
  parentRank: number | null;
  copyOf: string | null;
  copyKey: string;
  replyKeys: string[];
  subjectKey: string;
  text: TextColumns;
}

/** Start and length of each row's part of one flat array: arrays of arrays do not pass through unnest. */
function slices<T>(rows: T[], part: (row: T) => unknown[]): { starts: number[]; lengths: number[] } {
  const starts: number[] = [];
  const lengths: number[] = [];
  let at = 0;
  for (const row of rows) {
    starts.push(at);
    lengths.push(part(row).length);
    at += part(row).length;
  }
  return { starts, lengths };
}

/** New emails' places in their conversations, with their texts' columns (one row version each, one statement). */
export async function insertThreadPlaces(client: SqlClient, rows: AnalysisInsert[]): Promise<void> {
  if (rows.length === 0) return;
  const replyKeys = slices(rows, (row) => row.replyKeys);
  const bands = slices(rows, (row) => row.text.bands);
  const signatures = slices(rows, (row) => row.text.signature);
  await runSql(
    client,
    Prisma.sql`INSERT INTO email_analysis (email_id, conversation_id, parent_id, parent_rank, copy_of, copy_key, reply_keys, subject_key, thread_class,
        near_duplicate_bands, near_duplicate_signature, near_duplicate_text_length, languages, language_codes)
      SELECT r.email_id, r.conversation_id, r.parent_id, r.parent_rank, r.copy_of, r.copy_key,
        (${rows.flatMap((row) => row.replyKeys)}::text[])[r.keys_start + 1 : r.keys_start + r.keys_count], r.subject_key, 'inclusive',
        (${rows.flatMap((row) => row.text.bands)}::bigint[])[r.bands_start + 1 : r.bands_start + r.bands_count],
        (${rows.flatMap((row) => row.text.signature)}::int[])[r.signature_start + 1 : r.signature_start + r.signature_count],
        r.text_length, r.languages,
        ARRAY(SELECT l.value->>'code' FROM jsonb_array_elements(r.languages) WITH ORDINALITY AS l(value, n) ORDER BY l.n)
      FROM unnest(${rows.map((row) => row.emailId)}::uuid[], ${rows.map((row) => row.conversationId)}::uuid[],
          ${rows.map((row) => row.parentId)}::uuid[], ${rows.map((row) => row.parentRank)}::int[], ${rows.map((row) => row.copyOf)}::uuid[],
          ${rows.map((row) => row.copyKey)}::text[], ${replyKeys.starts}::int[], ${replyKeys.lengths}::int[],
          ${rows.map((row) => row.subjectKey)}::text[], ${bands.starts}::int[], ${bands.lengths}::int[],
          ${signatures.starts}::int[], ${signatures.lengths}::int[], ${rows.map((row) => row.text.textLength)}::int[],
          ${rows.map((row) => JSON.stringify(row.text.languages))}::jsonb[])
        AS r(email_id, conversation_id, parent_id, parent_rank, copy_of, copy_key, keys_start, keys_count, subject_key,
          bands_start, bands_count, signature_start, signature_count, text_length, languages)`,
  );
}

/** Hangs an email, and its copies, under a parent that arrived after it. */
export async function setParent(client: SqlClient, options: { emailId: string; parentId: string; parentRank: number }): Promise<void> {
  await runSql(
    client,
    Prisma.sql`UPDATE email_analysis SET parent_id = ${options.parentId}::uuid, parent_rank = ${options.parentRank}::int
      WHERE email_id = ${options.emailId}::uuid OR copy_of = ${options.emailId}::uuid`,
  );
}

/** Joins one conversation into another (a reply tree whose root turned out to be a reply). */
export async function moveConversation(client: SqlClient, from: string, to: string): Promise<void> {
  await runSql(client, Prisma.sql`UPDATE email_analysis SET conversation_id = ${to}::uuid WHERE conversation_id = ${from}::uuid`);
}

export interface ConversationMemberRow {
  id: string;
  parentId: string | null;
  copyOf: string | null;
  bodyText: string;
  attachments: string[];
}

/**
 * Every email of these conversations, first archived first. The bodies of `knownIds` (normalised
 * already by the batch) are not sent again.
 */
export function selectConversationsMembers(
  client: SqlClient,
  conversationIds: string[],
  knownIds: string[],
): Promise<(ConversationMemberRow & { conversationId: string })[]> {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return querySql<ConversationMemberRow & { conversationId: string }>(
    client,
    Prisma.sql`SELECT a.conversation_id AS "conversationId", a.email_id AS id, a.parent_id AS "parentId", a.copy_of AS "copyOf",
        CASE WHEN a.email_id = ANY(${knownIds}::uuid[]) THEN '' ELSE e.body_text END AS "bodyText",
        ARRAY(SELECT t.hash_sha256 FROM attachments t WHERE t.email_id = e.id ORDER BY t.hash_sha256) AS attachments
      FROM email_analysis a JOIN archived_emails e ON e.id = a.email_id
      WHERE a.conversation_id = ANY(${conversationIds}::uuid[]) ORDER BY e.archived_at, e.id`,
  );
}

export async function updateThreadClasses(client: SqlClient, ids: string[], classes: string[]): Promise<void> {
  await runSql(
    client,
    Prisma.sql`UPDATE email_analysis a SET thread_class = c.class
      FROM unnest(${ids}::uuid[], ${classes}::text[]) AS c(id, class) WHERE a.email_id = c.id AND a.thread_class <> c.class`,
  );
}

/** An email sharing a band with the one analysed: its group, and the signature that estimates its similarity. */
export interface NearDuplicateCandidateRow {
  emailId: string;
  groupId: string | null;
  pivot: boolean;
  signature: number[];
}

const ND_COLUMNS = Prisma.sql`a.email_id AS "emailId", a.near_duplicate_group_id AS "groupId", a.near_duplicate_pivot AS pivot,
  a.near_duplicate_signature AS signature`;

/** A near-duplicate candidate of one email of a batch: its group, and its signature's estimate of their similarity. */
export interface NearDuplicateCandidate {
  emailId: string;
  groupId: string | null;
  /** The share of equal signature values (estimatedSimilarity, computed where the signatures are). */
  estimate: number;
}

/**
 * For each email of a batch (in order), the emails sharing a MinHash band with it whose text length
 * leaves the threshold reachable (a Jaccard index of `threshold` needs the shorter text at least
 * `threshold` of the longer), the most bands shared first: the likeliest near-duplicates, at most
 * CANDIDATE_LIMIT of them. An email meets the emails analysed before it: the batch's later emails
 * (whose bands are stored already) are left out. `bands` and `signatures` hold each email's
 * `bandsPerEmail` keys and `hashes` values in turn.
 */
export async function selectNearDuplicateCandidates(
  client: SqlClient,
  options: {
    emailIds: string[];
    bands: string[];
    bandsPerEmail: number;
    signatures: number[];
    hashes: number;
    textLengths: number[];
    threshold: number;
  },
): Promise<Map<string, NearDuplicateCandidate[]>> {
  if (options.emailIds.length === 0) return new Map();
  // 5 % of slack: the length is in characters, the index counts distinct shingles.
  const shortest = options.textLengths.map((length) => Math.floor(length * options.threshold * 0.95));
  const longest = options.textLengths.map((length) => Math.ceil(length / (options.threshold * 0.95)));
  const { bandsPerEmail, hashes } = options;
  if (!Number.isInteger(bandsPerEmail) || bandsPerEmail < 1 || bandsPerEmail > 100)
    throw new Error(`unexpected band count ${bandsPerEmail}`);
  // The bands two signatures share, position by position (a band's key hashes its number: equal keys sit at one position).
  const sharedBands = Prisma.raw(
    `(${Array.from({ length: bandsPerEmail }, (_, index) => `(a.near_duplicate_bands[${index + 1}] = o.bands[${index + 1}])::int`).join(" + ")})`,
  );
  const rows = await querySql<{ forEmailId: string; emailId: string; groupId: string | null; equalValues: number }>(
    client,
    Prisma.sql`SELECT w.email_id AS "forEmailId", c.email_id AS "emailId", c.near_duplicate_group_id AS "groupId",
        CASE WHEN cardinality(c.near_duplicate_signature) = ${hashes}
          THEN (SELECT count(*) FROM generate_series(1, ${hashes}) i WHERE c.near_duplicate_signature[i] = o.signature[i])::int
          ELSE 0 END AS "equalValues"
      FROM unnest(${options.emailIds}::uuid[], ${shortest}::int[], ${longest}::int[]) WITH ORDINALITY AS w(email_id, shortest, longest, position)
      CROSS JOIN LATERAL (SELECT (${options.bands}::bigint[])[(w.position - 1) * ${bandsPerEmail} + 1 : w.position * ${bandsPerEmail}] AS bands,
          (${options.signatures}::int[])[(w.position - 1) * ${hashes} + 1 : w.position * ${hashes}] AS signature,
          (${options.emailIds}::uuid[])[w.position :] AS itself_and_later
        -- Once per email: without the fence the slices are taken again for every row compared.
        OFFSET 0) o
      CROSS JOIN LATERAL (
        SELECT a.email_id, a.near_duplicate_group_id, a.near_duplicate_signature FROM email_analysis a
        WHERE a.near_duplicate_bands && o.bands AND a.near_duplicate_text_length BETWEEN w.shortest AND w.longest
          AND a.email_id <> ALL (o.itself_and_later)
        ORDER BY ${sharedBands} DESC, a.email_id
        LIMIT ${CANDIDATE_LIMIT}) c
      ORDER BY w.position`,
  );
  const byEmail = new Map<string, NearDuplicateCandidate[]>(options.emailIds.map((id) => [id, []]));
  for (const { forEmailId, emailId, groupId, equalValues } of rows)
    byEmail.get(forEmailId)!.push({ emailId, groupId, estimate: equalValues / hashes });
  return byEmail;
}

export function selectNearDuplicateGroup(client: SqlClient, groupId: string): Promise<NearDuplicateCandidateRow[]> {
  return querySql<NearDuplicateCandidateRow>(
    client,
    Prisma.sql`SELECT ${ND_COLUMNS} FROM email_analysis a WHERE a.near_duplicate_group_id = ${groupId}::uuid ORDER BY a.email_id`,
  );
}

/** The bodies of these emails, by id. */
export async function selectBodies(client: SqlClient, emailIds: string[]): Promise<Map<string, string>> {
  if (emailIds.length === 0) return new Map();
  const rows = await querySql<{ id: string; bodyText: string }>(
    client,
    Prisma.sql`SELECT id, body_text AS "bodyText" FROM archived_emails WHERE id = ANY(${emailIds}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.id, row.bodyText]));
}

/** One email's near-duplicate group (null: none), its similarity to the pivot and whether it is the pivot. */
export interface NearDuplicateUpdate {
  emailId: string;
  groupId: string | null;
  similarity: number | null;
  pivot: boolean;
}

export async function updateNearDuplicates(client: SqlClient, updates: NearDuplicateUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  await runSql(
    client,
    Prisma.sql`UPDATE email_analysis a SET near_duplicate_group_id = u.group_id, near_duplicate_similarity = u.similarity, near_duplicate_pivot = u.pivot
      FROM unnest(${updates.map((u) => u.emailId)}::uuid[], ${updates.map((u) => u.groupId)}::uuid[],
        ${updates.map((u) => u.similarity)}::real[], ${updates.map((u) => u.pivot)}::boolean[]) AS u(id, group_id, similarity, pivot)
      WHERE a.email_id = u.id`,
  );
}

/** The text columns of emails analysed again (their place in their conversation stands), in one statement. */
export async function updateTextAnalyses(client: SqlClient, rows: ({ emailId: string } & TextColumns)[]): Promise<void> {
  if (rows.length === 0) return;
  const bands = slices(rows, (row) => row.bands);
  const signatures = slices(rows, (row) => row.signature);
  await runSql(
    client,
    Prisma.sql`UPDATE email_analysis a SET
        near_duplicate_bands = (${rows.flatMap((row) => row.bands)}::bigint[])[u.band_start + 1 : u.band_start + u.band_count],
        near_duplicate_signature = (${rows.flatMap((row) => row.signature)}::int[])[u.signature_start + 1 : u.signature_start + u.signature_count],
        near_duplicate_text_length = u.text_length, languages = u.languages,
        language_codes = ARRAY(SELECT l.value->>'code' FROM jsonb_array_elements(u.languages) WITH ORDINALITY AS l(value, n) ORDER BY l.n),
        analysed_at = now()
      FROM unnest(${rows.map((row) => row.emailId)}::uuid[], ${bands.starts}::int[], ${bands.lengths}::int[],
          ${signatures.starts}::int[], ${signatures.lengths}::int[], ${rows.map((row) => row.textLength)}::int[],
          ${rows.map((row) => JSON.stringify(row.languages))}::jsonb[])
        AS u(email_id, band_start, band_count, signature_start, signature_count, text_length, languages)
      WHERE a.email_id = u.email_id`,
  );
}

/** Settings changed: every near-duplicate group is dissolved and every email analysed again (its place in its conversation is kept). */
export async function resetNearDuplicates(client: SqlClient): Promise<number> {
  await runSql(
    client,
    Prisma.sql`UPDATE email_analysis SET near_duplicate_group_id = NULL, near_duplicate_similarity = NULL, near_duplicate_pivot = false
      WHERE near_duplicate_group_id IS NOT NULL`,
  );
  return runSql(
    client,
    Prisma.sql`INSERT INTO analysis_queue (email_id, archived_at, sent_at) SELECT id, archived_at, sent_at FROM archived_emails
      ON CONFLICT (email_id) DO NOTHING`,
  );
}

export interface AnalysisStatusRow {
  pending: number;
  analysed: number;
  lastAnalysedAt: Date | null;
}

/** Every email of a conversation: its parent, and, for those `visible` admits, what the tree shows. */
export interface ConversationTreeRow {
  id: string;
  parentId: string | null;
  visible: boolean;
  subject: string | null;
  from: string | null;
  sentAt: Date | null;
  class: string;
}

const TREE_LIMIT = 5000;

export function selectConversationTree(client: SqlClient, conversationId: string, visible: Prisma.Sql): Promise<ConversationTreeRow[]> {
  return querySql<ConversationTreeRow>(
    client,
    Prisma.sql`SELECT t.id, t."parentId", t.visible, CASE WHEN t.visible THEN t.subject END AS subject,
        CASE WHEN t.visible THEN t."from" END AS "from", CASE WHEN t.visible THEN t."sentAt" END AS "sentAt", t.class
      FROM (SELECT a.email_id AS id, a.parent_id AS "parentId", (${visible}) AS visible, e.subject, e.sender_email AS "from",
              e.sent_at AS "sentAt", a.thread_class AS class
            FROM email_analysis a JOIN archived_emails e ON e.id = a.email_id
            WHERE a.conversation_id = ${conversationId}::uuid
            ORDER BY e.sent_at, e.id LIMIT ${TREE_LIMIT}) t`,
  );
}

/** Pending and analysed emails among those `visible` admits, and when the analysis last wrote. */
export async function selectVisibleAnalysisStatus(client: SqlClient, visible: Prisma.Sql): Promise<AnalysisStatusRow> {
  const row = await queryOne<AnalysisStatusRow>(
    client,
    Prisma.sql`SELECT count(q.email_id)::int AS pending, (count(*) - count(q.email_id))::int AS analysed,
        (SELECT max(a.analysed_at) FROM email_analysis a) AS "lastAnalysedAt"
      FROM archived_emails e LEFT JOIN analysis_queue q ON q.email_id = e.id WHERE ${visible}`,
  );
  return row!;
}

export interface CaseAnalyticsRow {
  emails: number;
  conversations: number;
  inclusive: number;
  inclusiveMinus: number;
  inclusiveCopy: number;
  none: number;
  nearDuplicateGroups: number;
  emailsInNearDuplicateGroups: number;
  notAnalysed: number;
}

/** The figures of a set of emails (a case's review set): classes, conversations, near-duplicate groups. */
export async function selectEmailSetAnalytics(client: SqlClient, emails: Prisma.Sql): Promise<CaseAnalyticsRow> {
  const row = await queryOne<CaseAnalyticsRow>(
    client,
    Prisma.sql`WITH set AS (${emails}),
      analysed AS (SELECT a.* FROM set JOIN email_analysis a ON a.email_id = set.id),
      grouped AS (SELECT near_duplicate_group_id AS id, count(*) AS n FROM analysed WHERE near_duplicate_group_id IS NOT NULL
                  GROUP BY near_duplicate_group_id HAVING count(*) > 1)
    SELECT (SELECT count(*) FROM set)::int AS emails,
      (SELECT count(DISTINCT conversation_id) FROM analysed)::int AS conversations,
      (SELECT count(*) FROM analysed WHERE thread_class = 'inclusive')::int AS inclusive,
      (SELECT count(*) FROM analysed WHERE thread_class = 'inclusive_minus')::int AS "inclusiveMinus",
      (SELECT count(*) FROM analysed WHERE thread_class = 'inclusive_copy')::int AS "inclusiveCopy",
      (SELECT count(*) FROM analysed WHERE thread_class = 'none')::int AS none,
      (SELECT count(*) FROM grouped)::int AS "nearDuplicateGroups",
      (SELECT coalesce(sum(n), 0) FROM grouped)::int AS "emailsInNearDuplicateGroups",
      (SELECT count(*) FROM set)::int - (SELECT count(*) FROM analysed)::int AS "notAnalysed"`,
  );
  return row!;
}

/** How many emails of the set have each language as their primary one. */
export function selectEmailSetLanguages(client: SqlClient, emails: Prisma.Sql): Promise<{ code: string; n: number }[]> {
  return querySql<{ code: string; n: number }>(
    client,
    Prisma.sql`WITH set AS (${emails})
      SELECT a.language_codes[1] AS code, count(*)::int AS n FROM set JOIN email_analysis a ON a.email_id = set.id
      WHERE cardinality(a.language_codes) > 0 GROUP BY 1 ORDER BY 2 DESC, 1`,
  );
}

/** The conversation and class of each of these emails that is analysed. */
export function selectConversationClasses(
  client: SqlClient,
  emailIds: string[],
): Promise<{ emailId: string; conversationId: string; threadClass: string }[]> {
  if (emailIds.length === 0) return Promise.resolve([]);
  return querySql(
    client,
    Prisma.sql`SELECT email_id AS "emailId", conversation_id AS "conversationId", thread_class AS "threadClass"
      FROM email_analysis WHERE email_id = ANY(${emailIds}::uuid[])`,
  );
}
