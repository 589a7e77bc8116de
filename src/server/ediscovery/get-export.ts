import type { Principal } from "../identity/auth/principal";
import type { ArchiveCondition } from "../identity/authz/ability";
import { assertScopeCovers } from "../identity/authz/content-scope";
import { db, type DbOrTx } from "../platform/db/client";
import { conflict, notFound } from "../platform/errors/app-error";
import { accessibleCase } from "./case-access";
import { exportDto } from "./case-records-dto";
import type { ExportDto } from "./ediscovery.responses";

/** The export, when it belongs to this case; an export of another case is the same 404 as a missing one. */
export async function findExport(client: DbOrTx, caseId: string, exportId: string) {
  const row = await client.ediscoveryExport.findFirst({ where: { id: exportId, caseId } });
  if (!row) throw notFound("Export");
  return row;
}

/**
 * The completed production whose content is about to reach the caller (download, verification):
 * 404 unless its case is one they work on and it belongs to that case; 403 unless their read scope
 * covers the scope it was produced under (content-scope.ts); 409 until it is completed.
 */
export async function producibleExport(
  client: DbOrTx,
  principal: Principal,
  caseId: string,
  exportId: string,
  use: "downloaded" | "verified",
) {
  await accessibleCase(client, principal, caseId);
  const row = await findExport(client, caseId, exportId);
  assertScopeCovers(principal.ability, row.scope as ArchiveCondition[] | null, "The export");
  if (row.status !== "completed") throw conflict(`The export is ${row.status}: only a completed export can be ${use}`);
  return row;
}

export async function getExport(options: { principal: Principal; caseId: string; exportId: string }): Promise<ExportDto> {
  await accessibleCase(db(), options.principal, options.caseId);
  return exportDto(await findExport(db(), options.caseId, options.exportId));
}
