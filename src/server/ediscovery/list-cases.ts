import { Prisma } from "@/generated/prisma/client";
import type { Principal } from "../auth/principal";
import { pgPool } from "../db/pg-pool";
import { querySql } from "../db/sql-client";
import { caseVisibleTo, type CaseRow } from "./case-access";
import { toCaseDtos, type CaseDto } from "./case-dto";

/** The cases the principal may work on, oldest first. */
export async function listCases(options: { principal: Principal }): Promise<CaseDto[]> {
  const rows = await querySql<CaseRow>(
    pgPool(),
    Prisma.sql`
    SELECT c.id, c.name, c.description, c.status, c.custodians, c.created_by_id, c.created_at, c.updated_at, c.closed_at
    FROM ediscovery_cases c WHERE ${caseVisibleTo(options.principal)}
    ORDER BY c.created_at, c.id`,
  );
  return toCaseDtos(pgPool(), rows);
}
