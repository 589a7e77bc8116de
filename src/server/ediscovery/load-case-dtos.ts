import type { SqlClient } from "../platform/db/sql-client";
import { membersOfCases, type CaseRow } from "./cases.queries";
import type { CaseDto } from "./ediscovery.responses";

/** A user as a case shows them: whoever sees the case sees who its members are, by name. */
export const caseMemberDto = (user: { user_id?: string; id?: string; email: string; first_name: string; last_name: string }) => ({
  id: (user.user_id ?? user.id)!,
  name: `${user.first_name} ${user.last_name}`.trim(),
  email: user.email,
});

/** The API's view of case rows, with their members (read in one query). */
export async function loadCaseDtos(client: SqlClient, rows: CaseRow[]): Promise<CaseDto[]> {
  if (rows.length === 0) return [];
  const members = await membersOfCases(
    client,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    custodians: row.custodians ?? [],
    memberIds: members.filter((member) => member.case_id === row.id).map((member) => member.user_id),
    members: members.filter((member) => member.case_id === row.id).map(caseMemberDto),
    createdById: row.created_by_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
    nextBates: row.next_bates,
  }));
}
