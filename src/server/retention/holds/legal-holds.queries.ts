import { Prisma } from "@/generated/prisma/client";
import { keyShareLockedEmailsSql, lockEmailSql, visibleEmailsCondition } from "../../archive/archived-emails.queries";
import type { Principal } from "../../identity/auth/principal";
import { HOLD_LINK_COUNT, keptCountJoin } from "../../platform/db/kept-counts";
import { queryOne, querySql, runSql, type SqlClient } from "../../platform/db/sql-client";

export interface LockedHold {
  id: string;
  name: string;
  reason: string | null;
  is_active: boolean;
  case_id: string | null;
}

/**
 * The statement locking a hold row for the rest of the transaction: FOR UPDATE to change it, FOR
 * SHARE to link emails to it (so a concurrent deactivation waits for the linking to commit, and vice versa).
 */
function lockHoldSql(id: string, mode: "update" | "share"): Prisma.Sql {
  const lock = mode === "update" ? Prisma.sql`FOR UPDATE` : Prisma.sql`FOR SHARE`;
  return Prisma.sql`SELECT id, name, reason, is_active, case_id FROM legal_holds WHERE id = ${id}::uuid ${lock}`;
}

export function lockHold(client: SqlClient, id: string, mode: "update" | "share"): Promise<LockedHold | null> {
  return queryOne<LockedHold>(client, lockHoldSql(id, mode));
}

/**
 * Locks the hold FOR SHARE (as lockHold) and the email FOR KEY SHARE (as findVisibleEmail's
 * lockForLink), in one statement and in that order: the link a busy API writes most.
 */
export async function lockHoldAndEmail(
  client: SqlClient,
  holdId: string,
  emailId: string,
): Promise<{ hold: LockedHold | null; emailExists: boolean }> {
  const row = await queryOne<{ hold: LockedHold | null; email_exists: boolean }>(
    client,
    Prisma.sql`
    WITH hold AS (${lockHoldSql(holdId, "share")}), email AS (${lockEmailSql(emailId, "key share")})
    SELECT (SELECT row_to_json(hold) FROM hold) AS hold, EXISTS (SELECT 1 FROM email) AS email_exists`,
    { prepare: true },
  );
  return { hold: row!.hold, emailExists: row!.email_exists };
}

/**
 * Locks (FOR SHARE) every hold linked to these emails, active or not, so that no activation or
 * deactivation of them commits until this transaction ends: a deletion that then checks the holds
 * in a new statement decides on the state that stays true until it commits.
 */
export async function lockHoldsOfEmails(client: SqlClient, emailIds: string[]): Promise<void> {
  await querySql(
    client,
    Prisma.sql`
    SELECT h.id FROM legal_holds h
    WHERE h.id IN (SELECT link.legal_hold_id FROM email_legal_holds link WHERE link.email_id = ANY(${emailIds}::uuid[]))
    ORDER BY h.id FOR SHARE`,
  );
}

/** The names of the active holds linked to the email, in name order. */
export async function activeHoldNamesOf(client: SqlClient, emailId: string): Promise<string[]> {
  const rows = await querySql<{ name: string }>(
    client,
    Prisma.sql`
    SELECT hold.name FROM email_legal_holds link JOIN legal_holds hold ON hold.id = link.legal_hold_id
    WHERE link.email_id = ${emailId}::uuid AND hold.is_active ORDER BY hold.name`,
  );
  return rows.map((row) => row.name);
}

/** The active holds linked to the email, the earliest linked first. */
export function activeHoldLinksOf(client: SqlClient, emailId: string): Promise<{ id: string; name: string; applied_at: Date }[]> {
  return querySql<{ id: string; name: string; applied_at: Date }>(
    client,
    Prisma.sql`
    SELECT h.id, h.name, elh.applied_at FROM email_legal_holds elh JOIN legal_holds h ON h.id = elh.legal_hold_id
    WHERE elh.email_id = ${emailId}::uuid AND h.is_active ORDER BY elh.applied_at, h.id`,
  );
}

/** Links the hold to the email unless it is linked already; answers the new link's time (null when it existed). */
export async function insertHoldLink(
  client: SqlClient,
  link: { emailId: string; holdId: string; userId: string | null },
): Promise<Date | null> {
  const row = await queryOne<{ applied_at: Date }>(
    client,
    Prisma.sql`
    INSERT INTO email_legal_holds (email_id, legal_hold_id, applied_at, applied_by_user_id)
    VALUES (${link.emailId}::uuid, ${link.holdId}::uuid, now(), ${link.userId})
    ON CONFLICT DO NOTHING RETURNING applied_at`,
    { prepare: true },
  );
  return row?.applied_at ?? null;
}

/** Links the hold to those of `emailIds` that exist (locked FOR KEY SHARE) and are not linked yet; answers how many. */
export function insertHoldLinks(client: SqlClient, link: { emailIds: string[]; holdId: string; userId: string | null }): Promise<number> {
  return runSql(
    client,
    Prisma.sql`
    INSERT INTO email_legal_holds (email_id, legal_hold_id, applied_at, applied_by_user_id)
    SELECT locked.id, ${link.holdId}::uuid, now(), ${link.userId}
    FROM (${keyShareLockedEmailsSql(link.emailIds)}) AS locked
    ON CONFLICT DO NOTHING`,
  );
}

/**
 * Lets the caller's transaction lift legal-hold protection: the database's guards (migration
 * 20261127170000_hold_release_guard) refuse a deactivation, a hold deletion or the removal of an
 * active hold's links otherwise. Transaction-local (`set_config(..., true)`); only hold-release.ts
 * calls it, after checking the caller's permission.
 */
export async function allowHoldReleaseInTransaction(client: SqlClient, by: string): Promise<void> {
  await querySql(client, Prisma.sql`SELECT set_config('archive.hold_release_by', ${by}, true)`);
}

/** The case's active holds, locked FOR UPDATE (in id order, as every multi-hold lock). */
export function lockActiveHoldsOfCase(client: SqlClient, caseId: string): Promise<{ id: string; name: string }[]> {
  return querySql<{ id: string; name: string }>(
    client,
    Prisma.sql`SELECT id, name FROM legal_holds WHERE case_id = ${caseId}::uuid AND is_active ORDER BY id FOR UPDATE`,
  );
}

export function deleteHoldLinks(client: SqlClient, holdId: string): Promise<number> {
  return runSql(client, Prisma.sql`DELETE FROM email_legal_holds WHERE legal_hold_id = ${holdId}::uuid`);
}

export interface HoldRow {
  id: string;
  name: string;
  reason: string | null;
  is_active: boolean;
  case_id: string | null;
  created_at: Date;
  updated_at: Date;
  /** The trigger-kept link count (text from `pg`, a BigInt from Prisma) and its number of deltas. */
  kept_total: string | bigint;
  kept_deltas: number;
}

/** Holds in creation order, each with its kept link count; `id` narrows to one hold, `caseId` to a case's holds. */
export function selectHolds(client: SqlClient, filter: { id?: string; caseId?: string }): Promise<HoldRow[]> {
  const id = filter.id ?? null;
  const caseId = filter.caseId ?? null;
  return querySql<HoldRow>(
    client,
    Prisma.sql`
    SELECT h.id, h.name, h.reason, h.is_active, h.case_id, h.created_at, h.updated_at, kept.total AS kept_total, kept.deltas AS kept_deltas
    FROM legal_holds h
    ${keptCountJoin(HOLD_LINK_COUNT, Prisma.sql`h.id`)}
    WHERE (${id}::uuid IS NULL OR h.id = ${id}::uuid)
      AND (${caseId}::uuid IS NULL OR h.case_id = ${caseId}::uuid)
    ORDER BY h.created_at, h.id`,
    { prepare: true },
  );
}

export interface HoldLinkRow {
  legal_hold_id: string;
  name: string;
  is_active: boolean;
  applied_at: Date;
  applied_by_user_id: string | null;
}

/** The holds linked to the email (only `holdId` when given), the earliest linked first. */
export function selectHoldLinks(client: SqlClient, emailId: string, holdId?: string): Promise<HoldLinkRow[]> {
  return querySql<HoldLinkRow>(
    client,
    Prisma.sql`
    SELECT l.legal_hold_id, h.name, h.is_active, l.applied_at, l.applied_by_user_id
    FROM email_legal_holds l JOIN legal_holds h ON h.id = l.legal_hold_id
    WHERE l.email_id = ${emailId}::uuid AND (${holdId ?? null}::uuid IS NULL OR l.legal_hold_id = ${holdId ?? null}::uuid)
    ORDER BY l.applied_at, h.name`,
  );
}

/** A keyset page of the hold's links to emails `principal` may read, the most recently linked first. */
export function selectHoldEmailPage(
  client: SqlClient,
  options: { holdId: string; principal: Principal; after: { appliedAt: Date; emailId: string } | null; limit: number },
): Promise<{ email_id: string; applied_at: Date }[]> {
  const after = options.after
    ? Prisma.sql`AND (l.applied_at, l.email_id) < (${options.after.appliedAt.toISOString()}::timestamptz, ${options.after.emailId}::uuid)`
    : Prisma.empty;
  return querySql<{ email_id: string; applied_at: Date }>(
    client,
    Prisma.sql`
      SELECT l.email_id, l.applied_at FROM email_legal_holds l JOIN archived_emails e ON e.id = l.email_id
      WHERE l.legal_hold_id = ${options.holdId}::uuid AND ${visibleEmailsCondition(options.principal)} ${after}
      ORDER BY l.applied_at DESC, l.email_id DESC LIMIT ${options.limit}`,
  );
}

/** How many of the hold's links are to emails `principal` may read. */
export async function countHoldEmails(client: SqlClient, holdId: string, principal: Principal): Promise<number> {
  const row = await queryOne<{ total: bigint }>(
    client,
    Prisma.sql`
      SELECT count(*) AS total FROM email_legal_holds l JOIN archived_emails e ON e.id = l.email_id
      WHERE l.legal_hold_id = ${holdId}::uuid AND ${visibleEmailsCondition(principal)}`,
  );
  return Number(row!.total);
}
