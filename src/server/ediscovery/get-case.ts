import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { db } from "../platform/db/client";
import { loadHolds } from "../retention/holds/load-holds";
import { accessibleCase } from "./case-access";
import { loadCaseDtos } from "./load-case-dtos";
import { exportDto, savedSearchDto } from "./case-records-dto";
import type { CaseDetailDto } from "./ediscovery.responses";

/** The case with its holds (and their email counts), saved searches and exports; reading it is audited (READ). */
export async function getCase(options: { principal: Principal; id: string }): Promise<CaseDetailDto> {
  const client = db();
  const [dto] = await loadCaseDtos(client, [await accessibleCase(client, options.principal, options.id)]);
  const [holds, searches, exports] = await Promise.all([
    loadHolds(client, undefined, options.id),
    client.ediscoverySavedSearch.findMany({ where: { caseId: options.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    client.ediscoveryExport.findMany({ where: { caseId: options.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
  ]);
  // Without details.caseId: the workspace reloads the case after every change it makes, and those
  // reads would bury the changes in the case's Activity tab; the audit log finds them by target.
  await appendAuditEntry(client, { actor: options.principal.actor, actionType: "READ", targetType: "EdiscoveryCase", targetId: dto.id });
  return { ...dto, holds, searches: searches.map(savedSearchDto), exports: exports.map(exportDto) };
}
