import { Prisma } from "@/generated/prisma/client";
import { querySql, type SqlClient } from "../db/sql-client";
import type { CaseRow } from "./case-access";

export interface CaseDto {
  id: string;
  name: string;
  description: string | null;
  status: "open" | "closed";
  custodians: string[];
  memberIds: string[];
  createdById: string | null;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

export async function toCaseDtos(client: SqlClient, rows: CaseRow[]): Promise<CaseDto[]> {
  if (rows.length === 0) return [];
  const members = await querySql<{ case_id: string; user_id: string }>(
    client,
    Prisma.sql`
    SELECT case_id, user_id FROM ediscovery_case_members
    WHERE case_id = ANY(${rows.map((row) => row.id)}::uuid[]) ORDER BY user_id`,
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
