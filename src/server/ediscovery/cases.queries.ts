import { Prisma, type AuditLog } from "@/generated/prisma/client";
import { queryOne, querySql, runSql, type SqlClient } from "../platform/db/sql-client";

export interface CaseRow {
  id: string;
  name: string;
  description: string | null;
  status: "open" | "closed";
  custodians: string[];
  created_by_id: string | null;
  created_at: Date;
  updated_at: Date;
  closed_at: Date | null;
  next_bates: number;
}

const CASE_COLUMNS = Prisma.sql`c.id, c.name, c.description, c.status, c.custodians, c.created_by_id, c.created_at, c.updated_at, c.closed_at, c.next_bates`;

/** The case `c` is visible to `memberId`'s user; null: every case is. */
const visibleTo = (memberId: string | null) =>
  memberId === null
    ? Prisma.sql`TRUE`
    : Prisma.sql`EXISTS (SELECT 1 FROM ediscovery_case_members m WHERE m.case_id = c.id AND m.user_id = ${memberId}::uuid)`;

const LOCKS = { none: Prisma.empty, share: Prisma.sql`FOR SHARE OF c`, update: Prisma.sql`FOR UPDATE OF c` } as const;
export type CaseLock = keyof typeof LOCKS;

export async function findVisibleCase(client: SqlClient, caseId: string, memberId: string | null, lock: CaseLock): Promise<CaseRow | null> {
  return queryOne<CaseRow>(
    client,
    Prisma.sql`SELECT ${CASE_COLUMNS} FROM ediscovery_cases c WHERE c.id = ${caseId}::uuid AND ${visibleTo(memberId)} ${LOCKS[lock]}`,
  );
}

/** The cases visible to `memberId`'s user (null: all), oldest first. */
export async function listVisibleCases(client: SqlClient, memberId: string | null): Promise<CaseRow[]> {
  return querySql<CaseRow>(
    client,
    Prisma.sql`SELECT ${CASE_COLUMNS} FROM ediscovery_cases c WHERE ${visibleTo(memberId)} ORDER BY c.created_at, c.id`,
  );
}

export interface CaseMemberRow {
  case_id: string;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
}

/** The members of the cases, with their names and addresses. */
export async function membersOfCases(client: SqlClient, caseIds: string[]): Promise<CaseMemberRow[]> {
  return querySql(
    client,
    Prisma.sql`
    SELECT m.case_id, m.user_id, u.email, u.first_name, u.last_name
      FROM ediscovery_case_members m JOIN users u ON u.id = m.user_id
     WHERE m.case_id = ANY(${caseIds}::uuid[]) ORDER BY m.user_id`,
  );
}

/** The accounts that may be made members of a case (every account not disabled), by address. */
export async function selectMemberCandidates(
  client: SqlClient,
): Promise<{ id: string; email: string; first_name: string; last_name: string }[]> {
  return querySql(client, Prisma.sql`SELECT id, email, first_name, last_name FROM users WHERE disabled_at IS NULL ORDER BY email`);
}

/** Replaces the case's members; a user id that names nobody fails the foreign key. */
export async function replaceCaseMembers(client: SqlClient, caseId: string, memberIds: string[]): Promise<void> {
  await runSql(
    client,
    Prisma.sql`DELETE FROM ediscovery_case_members WHERE case_id = ${caseId}::uuid AND NOT (user_id = ANY(${memberIds}::uuid[]))`,
  );
  await runSql(
    client,
    Prisma.sql`
      INSERT INTO ediscovery_case_members (case_id, user_id)
      SELECT ${caseId}::uuid, wanted.id FROM unnest(${memberIds}::uuid[]) AS wanted(id)
      ON CONFLICT DO NOTHING`,
  );
}

/** Adds the user as a member if they exist (an API key's principal may name no user). */
export async function addExistingUserAsMember(client: SqlClient, caseId: string, userId: string): Promise<void> {
  await runSql(
    client,
    Prisma.sql`
      INSERT INTO ediscovery_case_members (case_id, user_id)
      SELECT ${caseId}::uuid, u.id FROM users u WHERE u.id = ${userId}::uuid
      ON CONFLICT DO NOTHING`,
  );
}

/** The audit entries naming the case (details.caseId), newest first, before the entry id `before` (null: from the newest). */
export async function caseAuditEntries(client: SqlClient, caseId: string, before: number | null, limit: number): Promise<AuditLog[]> {
  return querySql<AuditLog>(
    client,
    Prisma.sql`
      SELECT id, previous_hash AS "previousHash", "timestamp", actor_identifier AS "actorIdentifier", actor_ip AS "actorIp",
             action_type AS "actionType", target_type AS "targetType", target_id AS "targetId", details, current_hash AS "currentHash"
        FROM audit_logs
       WHERE (details ->> 'caseId') = ${caseId} AND (${before}::bigint IS NULL OR id < ${before}::bigint)
       ORDER BY id DESC LIMIT ${limit}`,
  );
}
