import type { z } from "zod";
import type { SqlClient } from "../platform/db/sql-client";
import type { caseResponse } from "./ediscovery.responses";
import { membersOfCases, type CaseRow } from "./cases.queries";

export type CaseDto = z.infer<typeof caseResponse>;

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
    createdById: row.created_by_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
  }));
}
