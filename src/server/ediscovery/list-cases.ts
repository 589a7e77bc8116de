import type { Principal } from "../identity/auth/principal";
import { pgPool } from "../platform/db/pg-pool";
import { caseMemberFilter } from "./case-access";
import { listVisibleCases } from "./cases.queries";
import { loadCaseDtos } from "./load-case-dtos";
import type { CaseDto } from "./ediscovery.responses";

/** The cases the principal may work on, oldest first. */
export async function listCases(options: { principal: Principal }): Promise<CaseDto[]> {
  return loadCaseDtos(pgPool(), await listVisibleCases(pgPool(), caseMemberFilter(options.principal)));
}
